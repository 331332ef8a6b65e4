import { notificationsRoutes } from '@bp/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';

/** Addresses under the reserved .test domain: the demo's people, whose messages the outbox shows signed out. */
const isDemoAddress = (email: string) => /@([a-z0-9-]+\.)*test$/i.test(email.trim());

/** Whether this installation runs in demo mode (GET /v1/demo-mode); false until known or when the API cannot say. */
export function useDemoMode(): boolean {
  const { api } = useSession();
  const mode = useQuery({
    queryKey: ['demo-mode'],
    queryFn: ({ signal }) => api.call(notificationsRoutes.getDemoMode, { anonymous: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return mode.data?.demo === true;
}

/**
 * Demo mode only (decision 011): a pointer to /demo-outbox for pages where someone waits for an e-mail or a
 * code (sign-in, the forgot-password confirmation). With a demo `recipient`, the outbox opens on its messages.
 * Renders nothing outside demo mode.
 */
export function DemoOutboxLink({ recipient }: { recipient?: string | null | undefined }) {
  const demo = useDemoMode();
  if (!demo) return null;
  const to =
    recipient && isDemoAddress(recipient)
      ? `/demo-outbox?recipient=${encodeURIComponent(recipient.trim())}`
      : '/demo-outbox';
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
      This is a demo: no real e-mail or text message is sent.{' '}
      <Link component={RouterLink} to={to}>
        Open the demo outbox
      </Link>{' '}
      to read codes and links sent to demo addresses.
    </Typography>
  );
}
