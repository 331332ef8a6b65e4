import { ApiError } from '@bp/api-client';
import { type OnboardingChecklist, onboardingRoutes } from '@bp/contracts';
import { ONBOARDING_ANCHOR_LABELS, type OnboardingAnchor } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useSetChecklist } from './onboarding-api.ts';

/** The unfinished steps a refused submit names (`400 {unfinished_steps: [...]}`), or null for another error. */
function unfinishedOf(error: unknown): OnboardingAnchor[] | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { unfinished_steps?: OnboardingAnchor[] } | undefined;
  return body?.unfinished_steps ?? null;
}

/** The summary: every step at a glance, what is still missing, and the submit. */
export function SummaryStep({
  checklist,
  onSubmitted,
}: {
  checklist: OnboardingChecklist;
  onSubmitted: (checklist: OnboardingChecklist) => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const setChecklist = useSetChecklist(checklist.client.guid);
  const [refused, setRefused] = useState<OnboardingAnchor[] | null>(null);
  const submit = useMutation({
    mutationFn: () =>
      api.call(onboardingRoutes.postAccountsClientOnboardingSubmit, {
        params: { clientGuid: checklist.client.guid },
      }),
    onSuccess: (done) => {
      setChecklist(done);
      toast.success('Onboarding submitted.');
      onSubmitted(done);
    },
    onError: (error) => {
      const unfinished = unfinishedOf(error);
      if (unfinished) setRefused(unfinished);
      else toast.error(apiErrorMessage(error));
    },
  });
  const missing = refused ?? checklist.unfinished_required;
  const completed = checklist.client.is_onboarding_completed;
  return (
    <Box>
      {completed ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Onboarding is complete.
        </Alert>
      ) : missing.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Still to do before you can submit: {missing.map((a) => ONBOARDING_ANCHOR_LABELS[a]).join(', ')}.
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          Every required step is done. Submit to finish your onboarding.
        </Alert>
      )}
      <List dense aria-label="Steps">
        {checklist.steps
          .filter((s) => s.anchor !== 'summary')
          .map((s) => (
            <ListItem key={s.anchor} disableGutters>
              <ListItemText
                primary={s.label}
                secondary={`${s.status === 'done' ? 'Done' : s.status === 'needs_attention' ? 'Needs attention' : 'Not started'}${s.required ? '' : ' · optional'}`}
              />
            </ListItem>
          ))}
      </List>
      {checklist.can_edit && !completed ? (
        <Button variant="contained" loading={submit.isPending} onClick={() => submit.mutate()}>
          Submit onboarding
        </Button>
      ) : null}
    </Box>
  );
}
