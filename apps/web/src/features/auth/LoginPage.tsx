import { authRoutes, type LoginResponse, type TokenPair } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
// The link's own module: the outbox page stays in its lazy route chunk, off the sign-in page.
import { DemoOutboxLink } from '../demo-outbox/DemoOutboxLink.tsx';
import { applyApiErrors, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { PasswordField } from '../shared/PasswordField.tsx';
import { AuthShell } from './AuthShell.tsx';
import type { LoginChallenge } from './LoginCodeForm.tsx';
import { LoginIllustration } from './LoginIllustration.tsx';
import { type LoginValues, loginResolver } from './login-form.ts';
import { LOGIN_ERROR_MESSAGES, readLoginNotice } from './login-notice.ts';

// The code step (with its form's schema) loads when a two-factor user needs it.
const LoginCodeForm = lazy(() => import('./LoginCodeForm.tsx').then((m) => ({ default: m.LoginCodeForm })));

function isTokenPair(response: LoginResponse): response is TokenPair {
  return 'access' in response;
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  // The two-factor step and the address being signed in (the demo outbox opens on its messages).
  const [challenge, setChallenge] = useState<{ challenge: LoginChallenge; email: string } | null>(null);

  const linkError = LOGIN_ERROR_MESSAGES[searchParams.get('error') ?? ''] ?? null;
  const notice = readLoginNotice(location.state);

  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: async (values: LoginValues) => {
      const response = await session.api.call(authRoutes.postAuthLogin, { body: values, anonymous: true });
      // Keep the button busy until the session has loaded the profile and navigated away.
      if (isTokenPair(response)) await session.signIn(response);
      return response;
    },
    onMutate: () => setFormError(null),
    onSuccess: (response, values) => {
      if (!isTokenPair(response)) setChallenge({ challenge: response, email: values.email });
    },
    onError: (error) => {
      if (isApiError(error, 429)) {
        setFormError(THROTTLED_MESSAGE);
        return;
      }
      setFormError(applyApiErrors(error, form.setError, ['email', 'password']));
    },
  });

  if (challenge) {
    return (
      <AuthShell title="Sign in" aside={<LoginIllustration />}>
        <Suspense fallback={null}>
          <LoginCodeForm challenge={challenge.challenge} onBack={() => setChallenge(null)} />
        </Suspense>
        <DemoOutboxLink recipient={challenge.email} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Sign in with your e-mail address and password."
      aside={<LoginIllustration />}
    >
      {notice ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {notice}
        </Alert>
      ) : null}
      {linkError ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {linkError}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <FormTextField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mb: 2 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending}>
          Sign in
        </Button>
      </Box>
      <DemoOutboxLink />
    </AuthShell>
  );
}
