import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

interface InvalidLinkNoticeProps {
  message: string;
  /** What the user can do next besides signing in (a new reset link, or asking for a new invitation). */
  advice: string;
  offerNewResetLink?: boolean;
}

/** Shown when an invitation or reset link is missing, unknown, used or expired. */
export function InvalidLinkNotice({ message, advice, offerNewResetLink = false }: InvalidLinkNoticeProps) {
  return (
    <Box>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message} {advice}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/login" variant="contained">
          Go to sign in
        </Button>
        {offerNewResetLink ? (
          <Button component={RouterLink} to="/forgot-password">
            Request a new link
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
