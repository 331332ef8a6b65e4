import { mfaRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { applyApiErrors, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { loginCodeForm } from './auth-schemas.ts';

export interface LoginChallenge {
  ephemeral_token: string;
  method: string;
}

const METHOD_LABELS: Record<string, string> = {
  sms_twilio: 'text message',
  sms: 'text message',
  text: 'text message',
  email: 'e-mail',
};

function detailOf(error: unknown): string | null {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return null;
  const detail = (error.body as { detail?: unknown }).detail;
  return typeof detail === 'string' ? detail : null;
}

type CodeValues = z.input<typeof loginCodeForm>;

/** Second sign-in step for users with two-factor on: the 6-digit code sent by text or e-mail. */
export function LoginCodeForm({ challenge, onBack }: { challenge: LoginChallenge; onBack: () => void }) {
  const session = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<CodeValues, unknown, z.output<typeof loginCodeForm>>({
    resolver: zodResolver(loginCodeForm),
    defaultValues: { code: '' },
  });

  const verify = useMutation({
    mutationFn: async ({ code }: z.output<typeof loginCodeForm>) => {
      const tokens = await session.api.call(mfaRoutes.postAuthLoginCode, {
        body: { ephemeral_token: challenge.ephemeral_token, code },
        anonymous: true,
      });
      await session.signIn(tokens);
    },
    onMutate: () => {
      setFormError(null);
      setNotice(null);
    },
    onError: (error) => {
      if (isApiError(error, 429)) setFormError(THROTTLED_MESSAGE);
      // `{detail, code}` (a locked or expired sign-in): its `code` names the error, not the field.
      else setFormError(detailOf(error) ?? applyApiErrors(error, form.setError, ['code']));
    },
  });

  // A new code replaces the previous one (at most every 30 seconds, 5 times per sign-in).
  const resend = useMutation({
    mutationFn: () =>
      session.api.call(mfaRoutes.postAuthMfaResendCode, {
        params: { method: challenge.method },
        body: { ephemeral_token: challenge.ephemeral_token },
        anonymous: true,
      }),
    onMutate: () => {
      setFormError(null);
      setNotice(null);
    },
    onSuccess: () => {
      form.resetField('code');
      setNotice('We sent a new code. The previous one no longer works.');
    },
    onError: (error) => {
      setFormError(
        isApiError(error, 429)
          ? 'Wait a little before asking for another code.'
          : (detailOf(error) ?? applyApiErrors(error, form.setError, [])),
      );
    },
  });

  const method = METHOD_LABELS[challenge.method] ?? challenge.method;
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
      <Typography color="text.secondary">
        We sent a 6-digit code by {method}. Enter it to finish signing in.
      </Typography>
      {formError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <FormTextField
        control={form.control}
        name="code"
        label="Verification code"
        autoComplete="one-time-code"
        autoFocus
        htmlInput={{ inputMode: 'numeric', maxLength: 6 }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={verify.isPending}
        disabled={resend.isPending}
        sx={{ mt: 2 }}
      >
        Verify
      </Button>
      <Button
        fullWidth
        sx={{ mt: 1 }}
        onClick={() => resend.mutate()}
        disabled={verify.isPending || resend.isPending}
      >
        {resend.isPending ? 'Resending...' : 'Resend code'}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onBack} disabled={verify.isPending}>
        Back to sign in
      </Button>
    </Box>
  );
}
