import { authRoutes, passwordResetRequest } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { applyApiErrors, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { AuthShell } from './AuthShell.tsx';

type Values = z.input<typeof passwordResetRequest>;

export function ForgotPasswordPage() {
  const { api } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof passwordResetRequest>>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });

  const request = useMutation({
    mutationFn: (values: z.output<typeof passwordResetRequest>) =>
      api.call(authRoutes.postAuthPasswordReset, { body: values, anonymous: true }),
    onMutate: () => setFormError(null),
    // The API answers the same whether or not the account exists, and so does this page.
    onSuccess: (_data, values) => navigate('/forgot-password-reset', { state: { email: values.email } }),
    onError: (error) => {
      setFormError(
        isApiError(error, 429) ? THROTTLED_MESSAGE : applyApiErrors(error, form.setError, ['email']),
      );
    },
  });

  return (
    <AuthShell
      title="Forgot password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
        <FormTextField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={request.isPending}
          sx={{ mt: 2 }}
        >
          Send reset link
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to sign in
        </Link>
      </Box>
    </AuthShell>
  );
}
