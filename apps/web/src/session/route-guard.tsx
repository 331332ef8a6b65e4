import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../ui/loading-state.tsx';
import { normalizePath } from './paths.ts';
import { type RouteDecision, resolveRoute } from './route-rules.ts';
import { useSessionState } from './session-state-context.ts';
import { rememberRedirectUrl, rememberReturnPath } from './session-storage.ts';

type GuardStep = RouteDecision | { kind: 'navigate'; to: string } | { kind: 'arrived' };

/** `/a/?x=1` and `/a?x=1` are the same place. */
function sameUrl(target: string, pathname: string, search: string): boolean {
  const url = new URL(target, 'http://app.invalid');
  return normalizePath(url.pathname) === normalizePath(pathname) && url.search === search;
}

function stepKey(step: GuardStep): string {
  return step.kind === 'redirect' || step.kind === 'navigate' ? `${step.kind}:${step.to}` : step.kind;
}

/**
 * Applies the route rules (route-rules.ts) to every known route: renders the page, a spinner while the
 * session loads, or redirects. An action's requested navigation (sign-in, mask, selection) goes first.
 */
export function RouteGuard({ userAgent }: { userAgent?: string }) {
  const { snapshot, store, storage } = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const agent = userAgent ?? window.navigator.userAgent;

  const pending = snapshot.pendingNavigation;
  let step: GuardStep;
  if (pending === null) step = resolveRoute(snapshot, location, agent);
  else if (sameUrl(pending, location.pathname, location.search)) step = { kind: 'arrived' };
  else step = { kind: 'navigate', to: pending };

  const key = `${location.pathname}${location.search} ${stepKey(step)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the place and the step; re-running for an equal one would repeat its side effects.
  useEffect(() => {
    if (step.kind === 'arrived') store.navigationDone();
    else if (step.kind === 'navigate') navigate(step.to, { replace: true });
    else if (step.kind === 'redirect') {
      if (step.saveRedirectUrl !== undefined) rememberRedirectUrl(storage, step.saveRedirectUrl);
      if (step.returnPath !== undefined) rememberReturnPath(storage, step.returnPath);
      if (step.clearSession) store.endWithoutClient();
      else navigate(step.to, { replace: true });
    }
  }, [key]);

  if (step.kind === 'render') return <Outlet />;
  if (step.kind === 'failed') {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
        <Alert
          severity="error"
          action={
            <>
              <Button color="inherit" size="small" onClick={() => void store.retry()}>
                Try again
              </Button>
              <Button color="inherit" size="small" onClick={() => void store.signOut()}>
                Logout
              </Button>
            </>
          }
        >
          {step.message}
        </Alert>
      </Box>
    );
  }
  return <LoadingState fullPage />;
}
