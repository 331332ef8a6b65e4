import type { MfaMethodView } from '@bp/contracts';
import { mfaRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useModalSearch } from '../../../ui/use-modal-search.ts';
import { useErrorToast } from './error-toast.tsx';
import { type MethodAction, MethodCodeDialog } from './MethodCodeDialog.tsx';
import { listMethods, METHOD_NAMES, MFA_METHODS_KEY, TWO_FACTOR_MODAL } from './two-factor-api.ts';

interface Pending {
  method: MfaMethodView;
  action: MethodAction;
}

/** Profile: the active two-factor methods, the primary one; add, switch primary, remove (with a code). */
export function TwoFactorSection() {
  const session = useSession();
  const modals = useModalSearch();
  const errorToast = useErrorToast();
  const methods = useQuery({ queryKey: MFA_METHODS_KEY, queryFn: () => listMethods(session.api) });
  const [confirmRemove, setConfirmRemove] = useState<MfaMethodView | null>(null);
  const [codeFor, setCodeFor] = useState<Pending | null>(null);
  const [sending, setSending] = useState(false);
  const masked = session.isMasked;

  async function requestCode(pending: Pending) {
    setSending(true);
    try {
      await session.api.call(mfaRoutes.postAuthMfaCodeRequest, {
        body: { method: pending.method.method, action: pending.action },
      });
      setCodeFor(pending);
    } catch (error) {
      errorToast(error);
    } finally {
      setSending(false);
      setConfirmRemove(null);
    }
  }

  const list = methods.data ?? [];
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {session.profile?.mfa_enabled
          ? 'A code sent by text or e-mail is asked for at every sign-in.'
          : 'Add a second step to your sign-in: a code sent by text or e-mail.'}
      </Typography>
      {masked ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Two-factor settings cannot be changed in a masked session.
        </Alert>
      ) : null}
      {methods.isError ? <Alert severity="error">Your two-factor methods could not be loaded.</Alert> : null}
      {list.length > 0 ? (
        <List dense aria-label="Two-factor methods">
          {list.map((m) => (
            <ListItem
              key={m.method}
              disableGutters
              secondaryAction={
                masked ? null : (
                  <Stack direction="row" spacing={1}>
                    {m.is_primary ? null : (
                      <Button
                        size="small"
                        disabled={sending}
                        onClick={() => void requestCode({ method: m, action: 'change_primary' })}
                      >
                        Make primary
                      </Button>
                    )}
                    <Button size="small" color="error" disabled={sending} onClick={() => setConfirmRemove(m)}>
                      Remove
                    </Button>
                  </Stack>
                )
              }
            >
              <ListItemText
                primary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{METHOD_NAMES[m.method] ?? m.method}</span>
                    {m.is_primary ? <Chip size="small" color="primary" label="Primary" /> : null}
                  </Stack>
                }
                secondary={m.value_masked}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {masked ? null : (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => modals.openModal(TWO_FACTOR_MODAL)}>
          Add two-factor method
        </Button>
      )}
      <ConfirmDialog
        open={confirmRemove !== null}
        title="Remove two-factor method?"
        confirmLabel="Send code"
        destructive
        pending={sending}
        onConfirm={() => confirmRemove && void requestCode({ method: confirmRemove, action: 'deactivate' })}
        onClose={() => setConfirmRemove(null)}
      >
        {confirmRemove
          ? `We will send a code to ${confirmRemove.value_masked}. Removing ${METHOD_NAMES[confirmRemove.method] ?? confirmRemove.method} takes effect once you enter it.`
          : null}
      </ConfirmDialog>
      {codeFor ? (
        <MethodCodeDialog
          method={codeFor.method.method}
          valueMasked={codeFor.method.value_masked}
          action={codeFor.action}
          onClose={() => setCodeFor(null)}
        />
      ) : null}
    </Box>
  );
}
