import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, useToast } from '../../ui/index.ts';

/**
 * "Sign out everywhere else" (decision 016): every other browser or phone signed in to this account is
 * signed out at once; this one stays signed in. Not offered while masked (the API refuses it).
 */
export function SessionsSection() {
  const session = useSession();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const end = useMutation({
    mutationFn: () => session.endOtherSessions(),
    onSuccess: () => {
      setAsking(false);
      toast.success('Signed out of every other session.');
    },
  });
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Lost a phone, or signed in on a shared computer? Sign out of every other browser and device at once.
        Changing your password does this too.
      </Typography>
      <Button variant="outlined" color="error" disabled={session.isMasked} onClick={() => setAsking(true)}>
        Sign out everywhere else
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere else?"
        confirmLabel="Sign out other sessions"
        destructive
        pending={end.isPending}
        onConfirm={() => end.mutate()}
        onClose={() => {
          setAsking(false);
          end.reset();
        }}
      >
        Every other browser and device signed in to your account will be signed out now and must sign in
        again. You stay signed in here.
        {end.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not sign out the other sessions. Try again.
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
