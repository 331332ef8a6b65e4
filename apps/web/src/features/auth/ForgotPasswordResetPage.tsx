import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
// The link's own module: the outbox page stays in its lazy route chunk, off the sign-in page.
import { DemoOutboxLink } from '../demo-outbox/DemoOutboxLink.tsx';
import { AuthShell } from './AuthShell.tsx';

function readEmail(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/** Where /forgot-password leads; deliberately says nothing about whether the account exists. */
export function ForgotPasswordResetPage() {
  const email = readEmail(useLocation().state);
  return (
    <AuthShell title="Check your e-mail">
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      </Box>
      <Typography>
        If an account exists for {email ? <strong>{email}</strong> : 'that address'}, we have sent an e-mail
        with a link to choose a new password. The link can be used once and expires after a short time.
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Nothing arrived after a few minutes? Check your spam folder, or{' '}
        <Link component={RouterLink} to="/forgot-password">
          request another link
        </Link>
        .
      </Typography>
      <DemoOutboxLink recipient={email} />
      <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Back to sign in
      </Button>
    </AuthShell>
  );
}
