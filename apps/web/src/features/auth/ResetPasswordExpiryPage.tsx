import { authRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { applyApiErrors, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { PasswordField } from '../shared/PasswordField.tsx';
import { AuthShell } from './AuthShell.tsx';
import { changeExpiredPasswordForm, PASSWORD_HINT } from './auth-schemas.ts';

type Values = z.input<typeof changeExpiredPasswordForm>;

/** Staff whose password has expired land here (SPEC.md §4) and must choose a new one to go on. */
export function ResetPasswordExpiryPage() {
  const session = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof changeExpiredPasswordForm>>({
    resolver: zodResolver(changeExpiredPasswordForm),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });

  const change = useMutation({
    mutationFn: async ({ old_password, new_password }: z.output<typeof changeExpiredPasswordForm>) => {
      const tokens = await session.api.call(authRoutes.postAuthPasswordChange, {
        body: { old_password, new_password },
      });
      // The new tokens carry password_expired=false; signing in with them lets the session route on.
      await session.signIn(tokens);
    },
    onMutate: () => setFormError(null),
    onError: (error) => {
      setFormError(
        isApiError(error, 429)
          ? THROTTLED_MESSAGE
          : applyApiErrors(error, form.setError, ['old_password', 'new_password']),
      );
    },
  });

  return (
    <AuthShell title="Password Expired" subtitle="Your password has expired. Choose a new one to continue.">
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <PasswordField
          control={form.control}
          name="old_password"
          label="Current password"
          autoComplete="current-password"
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="new_password"
          label="New password"
          autoComplete="new-password"
          helperText={PASSWORD_HINT}
        />
        <PasswordField
          control={form.control}
          name="confirm_password"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={change.isPending}
          sx={{ mt: 2 }}
        >
          Change password
        </Button>
      </Box>
      <Button fullWidth sx={{ mt: 1 }} onClick={() => void session.signOut()} disabled={change.isPending}>
        Sign out
      </Button>
    </AuthShell>
  );
}
