import { type MfaMethodView, mfaRoutes } from '@bp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/toasts.tsx';
import { CodeStep, isCompleteCode } from './CodeStep.tsx';
import { useErrorToast } from './error-toast.tsx';
import { codeFieldError, METHOD_NAMES, METHOD_UPDATED, MFA_METHODS_KEY } from './two-factor-api.ts';

export type MethodAction = 'change_primary' | 'deactivate';

export interface MethodCodeDialogProps {
  method: MfaMethodView['method'];
  valueMasked: string;
  action: MethodAction;
  onClose(): void;
}

/**
 * The code step of switching the primary method or removing one: the code was sent to that method
 * (POST code/request) before this opens.
 */
export function MethodCodeDialog({ method, valueMasked, action, onClose }: MethodCodeDialogProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const name = METHOD_NAMES[method] ?? method;

  async function confirm() {
    setLoading(true);
    setError(null);
    try {
      if (action === 'change_primary') {
        await session.api.call(mfaRoutes.postAuthMfaChangePrimaryMethod, { body: { method, code } });
        toast.success(METHOD_UPDATED);
      } else {
        await session.api.call(mfaRoutes.postAuthMfaDeactivate, { body: { method, code } });
        toast.success(`${name} two-factor was removed.`);
      }
      await queryClient.invalidateQueries({ queryKey: MFA_METHODS_KEY });
      await session.refreshProfile();
      onClose();
    } catch (failure) {
      setError(codeFieldError(failure) ?? 'The code was not accepted.');
      errorToast(failure);
    } finally {
      setLoading(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await session.api.call(mfaRoutes.postAuthMfaCodeRequest, { body: { method, action } });
      setError(null);
    } catch (failure) {
      errorToast(failure);
    } finally {
      setResending(false);
    }
  }

  return (
    <Dialog open onClose={() => !loading && onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {action === 'change_primary' ? `Make ${name} your primary method` : `Remove ${name} two-factor`}
      </DialogTitle>
      <DialogContent>
        <CodeStep
          code={code}
          onCode={(next) => {
            setCode(next);
            setError(null);
          }}
          error={error}
          sentTo={valueMasked}
          loading={loading}
          resending={resending}
          onResend={() => void resend()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action === 'deactivate' ? 'error' : 'primary'}
          onClick={() => void confirm()}
          loading={loading}
          disabled={loading || resending || !isCompleteCode(code)}
        >
          {action === 'deactivate' ? 'Remove' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
