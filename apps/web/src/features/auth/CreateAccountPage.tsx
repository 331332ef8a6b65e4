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
import { OutlinedTextField } from '../../ui/outlined-text-field.tsx';
import { applyApiErrors, fieldErrorMessage, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { AuthShell } from './AuthShell.tsx';
import { createAccountForm } from './auth-schemas.ts';
import { InvalidLinkNotice } from './InvalidLinkNotice.tsx';
import { ACCOUNT_CREATED_NOTICE, loginNoticeState } from './login-notice.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { type TokenDetails, useResetToken } from './useResetToken.ts';

const INVITE_ADVICE = 'Ask your provider team to send you a new invitation.';

export function CreateAccountPage() {
  const tokenState = useResetToken();
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);

  const invalidMessage = tokenState.status === 'invalid' ? tokenState.message : expiredMessage;
  return (
    <AuthShell title="Create your account" subtitle="Choose a password to finish setting up your access.">
      {invalidMessage ? (
        <InvalidLinkNotice message={invalidMessage} advice={INVITE_ADVICE} />
      ) : tokenState.status === 'unavailable' ? (
        <ErrorState message={tokenState.message} onRetry={tokenState.retry} />
      ) : tokenState.status === 'valid' ? (
        <CreateAccountForm
          token={tokenState.token}
          details={tokenState.details}
          onTokenRejected={setExpiredMessage}
        />
      ) : (
        <LoadingState label="Checking your invitation…" />
      )}
    </AuthShell>
  );
}

type Values = z.input<typeof createAccountForm>;

interface CreateAccountFormProps {
  token: string;
  details: TokenDetails;
  /** The token can expire between opening the page and submitting it. */
  onTokenRejected: (message: string) => void;
}

function CreateAccountForm({ token, details, onTokenRejected }: CreateAccountFormProps) {
  const { api } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof createAccountForm>>({
    resolver: zodResolver(createAccountForm),
    defaultValues: { first_name: details.first_name, last_name: '', password: '', confirm_password: '' },
  });

  const confirm = useMutation({
    mutationFn: ({ first_name, last_name, password }: z.output<typeof createAccountForm>) =>
      api.call(authRoutes.postAuthPasswordResetConfirm, {
        body: { token, password, first_name, last_name },
        anonymous: true,
      }),
    onMutate: () => setFormError(null),
    onSuccess: () => navigate('/login', { replace: true, state: loginNoticeState(ACCOUNT_CREATED_NOTICE) }),
    onError: (error) => {
      const tokenMessage = fieldErrorMessage(error, 'token');
      if (tokenMessage) {
        onTokenRejected(tokenMessage);
        return;
      }
      setFormError(
        isApiError(error, 429)
          ? THROTTLED_MESSAGE
          : applyApiErrors(error, form.setError, ['first_name', 'last_name', 'password']),
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
      <OutlinedTextField
        id="field-email"
        label="E-mail"
        value={details.email}
        htmlInput={{ readOnly: true }}
        helperText="You will sign in with this address."
      />
      <FormTextField
        control={form.control}
        name="first_name"
        label="First name"
        autoComplete="given-name"
        autoFocus
      />
      <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
      <NewPasswordFields control={form.control} label="Password" />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={confirm.isPending}
        sx={{ mt: 2 }}
      >
        Create account
      </Button>
    </Box>
  );
}
