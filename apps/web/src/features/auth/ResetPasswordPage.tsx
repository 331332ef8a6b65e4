import { authRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { ErrorState, LoadingState } from '../../ui/index.ts';
import { applyApiErrors, fieldErrorMessage, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { AuthShell } from './AuthShell.tsx';
import { resetPasswordForm } from './auth-schemas.ts';
import { InvalidLinkNotice } from './InvalidLinkNotice.tsx';
import { loginNoticeState, PASSWORD_RESET_NOTICE } from './login-notice.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useResetToken } from './useResetToken.ts';

const RESET_ADVICE = 'If you remember your password, you can sign in instead.';

export function ResetPasswordPage() {
  const tokenState = useResetToken();
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  const invalidMessage = tokenState.status === 'invalid' ? tokenState.message : expiredMessage;
  const subtitle =
    tokenState.status === 'valid' && !invalidMessage
      ? `Choose a new password for ${tokenState.details.email}.`
      : undefined;
  return (
    <AuthShell title="Reset your password" subtitle={subtitle}>
      {invalidMessage ? (
        <InvalidLinkNotice message={invalidMessage} advice={RESET_ADVICE} offerNewResetLink />
      ) : tokenState.status === 'unavailable' ? (
        <ErrorState message={tokenState.message} onRetry={tokenState.retry} />
      ) : tokenState.status === 'valid' ? (
        <ResetPasswordForm token={tokenState.token} onTokenRejected={setExpiredMessage} />
      ) : (
        <LoadingState label="Checking your link…" />
      )}
    </AuthShell>
  );
}

type Values = z.input<typeof resetPasswordForm>;

function ResetPasswordForm({
  token,
  onTokenRejected,
}: {
  token: string;
  onTokenRejected: (message: string) => void;
}) {
  const { api } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof resetPasswordForm>>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirm_password: '' },
  });

  const confirm = useMutation({
    mutationFn: ({ password }: z.output<typeof resetPasswordForm>) =>
      api.call(authRoutes.postAuthPasswordResetConfirm, { body: { token, password }, anonymous: true }),
    onMutate: () => setFormError(null),
    onSuccess: () => navigate('/login', { replace: true, state: loginNoticeState(PASSWORD_RESET_NOTICE) }),
    onError: (error) => {
      const tokenMessage = fieldErrorMessage(error, 'token');
      if (tokenMessage) {
        onTokenRejected(tokenMessage);
        return;
      }
      setFormError(
        isApiError(error, 429) ? THROTTLED_MESSAGE : applyApiErrors(error, form.setError, ['password']),
      );
    },
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <NewPasswordFields control={form.control} label="New password" autoFocus />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={confirm.isPending}
        sx={{ mt: 2 }}
      >
        Reset password
      </Button>
    </Box>
  );
}
