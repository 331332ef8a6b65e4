import { usersRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { PageTitle } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { TERMS_SECTIONS, TERMS_VERSION_DATE } from './terms-text.ts';

export function TermsConditionsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);

  const accept = useMutation({
    mutationFn: async () => {
      await session.api.call(usersRoutes.postAuthUsersMeAcceptTerms);
      // The claims decide where the user may go next; without renewing them the guard sends them back here.
      await session.renewClaims();
    },
    onSuccess: () => navigate('/dashboard', { replace: true }),
  });

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageTitle>Terms and Conditions</PageTitle>
      <PageIntro>
        Please read and accept these terms to start using BillPay. Last updated {TERMS_VERSION_DATE}.
      </PageIntro>
      <Paper
        variant="outlined"
        component="section"
        aria-label="Terms text"
        // Keyboard users must be able to scroll the box: it is focusable on purpose.
        tabIndex={0}
        sx={{ p: { xs: 2, sm: 3 }, maxHeight: '55vh', overflowY: 'auto' }}
      >
        {TERMS_SECTIONS.map((section) => (
          <Box key={section.title} sx={{ mb: 2.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {section.title}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph.slice(0, 40)} variant="body2" sx={{ mb: 1.25, lineHeight: 1.7 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        ))}
      </Paper>
      {accept.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {apiErrorMessage(accept.error)}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <FormControlLabel
          sx={{ flex: 1 }}
          control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
          label="I have read and accept the terms"
        />
        <Button variant="text" onClick={() => void session.signOut()} disabled={accept.isPending}>
          Decline and sign out
        </Button>
        <Button
          variant="contained"
          disabled={!accepted}
          loading={accept.isPending}
          onClick={() => accept.mutate()}
        >
          Accept
        </Button>
      </Stack>
    </Box>
  );
}
