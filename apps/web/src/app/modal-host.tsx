import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { MFA_REQUIRED_WARNING, TWO_FACTOR_MODAL } from '../features/profile/two-factor/two-factor-api.ts';
import type { SessionSnapshot } from '../session/session-snapshot.ts';
import { useSessionState } from '../session/session-state-context.ts';
import { readTokens, writeTokens } from '../session/session-storage.ts';
import { useToast } from '../ui/toasts.tsx';
import { useModalSearch } from '../ui/use-modal-search.ts';

/**
 * SPEC.md §4 "Two-factor setup": a user whose organisation requires two-factor (mfa_required without
 * mfa_enabled) must set it up before anything else. In a mask session the requirement is shown to the
 * staff member, but the dialog is not forced: the API lets nobody set up another person's second factor
 * (decision 012).
 */
export function mfaSetupState(snapshot: SessionSnapshot): 'none' | 'required' | 'masked' {
  const profile = snapshot.profile;
  if (snapshot.status !== 'ready' || !profile || snapshot.claims?.password_expired) return 'none';
  if (!profile.mfa_required || profile.mfa_enabled) return 'none';
  return snapshot.isMasked ? 'masked' : 'required';
}

// Loaded when first opened: the set-up (and its phone number formatting) is not on every page's first load.
const TwoFactorSetupDialog = lazy(async () => ({
  default: (await import('../features/profile/index.ts')).TwoFactorSetupDialog,
}));

/** Modals named in the url (`?modal=two-factor`), and the forced two-factor set-up. */
export function ModalHost() {
  const { snapshot, storage } = useSessionState();
  const modals = useModalSearch();
  const toast = useToast();
  const state = mfaSetupState(snapshot);
  const warnedFor = useRef<string | null>(null);
  const userGuid = snapshot.profile?.guid ?? null;

  useEffect(() => {
    if (state === 'none') {
      warnedFor.current = null;
      return;
    }
    if (warnedFor.current === userGuid) return;
    warnedFor.current = userGuid;
    toast.warning(MFA_REQUIRED_WARNING);
  }, [state, userGuid, toast]);

  const tokens = useMemo(
    () => ({
      refresh: () => readTokens(storage).refresh ?? null,
      store: (pair: { access: string; refresh: string }) => writeTokens(storage, pair),
    }),
    [storage],
  );

  const signedIn = snapshot.status === 'ready' && snapshot.profile !== null;
  const required = state === 'required';
  const open = signedIn && !snapshot.isMasked && (required || modals.isOpen(TWO_FACTOR_MODAL));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TwoFactorSetupDialog
        open
        required={required}
        tokens={tokens}
        onClose={() => {
          if (modals.modal !== null) modals.closeModal();
        }}
      />
    </Suspense>
  );
}
