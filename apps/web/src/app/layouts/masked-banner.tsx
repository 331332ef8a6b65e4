import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';

/** Always visible while a staff member acts as someone else, with the way back. */
export function MaskedBanner() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (!session.isMasked) return null;
  const profile = session.profile;
  const name = profile
    ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email
    : 'another user';
  const unmask = () => {
    setBusy(true);
    session.unmask().finally(() => setBusy(false));
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      sx={{ justifyContent: 'center', alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={unmask} disabled={busy}>
          Unmask
        </Button>
      }
    >
      You are masked as {name}
    </Alert>
  );
}
