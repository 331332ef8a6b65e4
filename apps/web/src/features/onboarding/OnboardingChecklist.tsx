import { type OnboardingChecklist as Checklist, type OnboardingStep, onboardingRoutes } from '@bp/contracts';
import type { OnboardingAnchor } from '@bp/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ErrorState, LoadingState } from '../../ui/index.ts';
import { BanksTab, ContactsTab, DocumentsTab, PropertiesTab } from '../client-records/index.ts';
import { UsersTab } from '../client-users/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { AnswerStep, ClientDetailsStep } from './AnswerSteps.tsx';
import { useChecklist, useRefreshOnSavedRecords, useSetChecklist } from './onboarding-api.ts';
import { CommitmentStep, EntitiesStep, TaxFormsStep } from './RecordSteps.tsx';
import { SummaryStep } from './SummaryStep.tsx';
import { TeamStep } from './TeamStep.tsx';

/** Who is looking: the client fills, the organisation fills and assigns, the advisor reads. */
export type ChecklistAudience = 'client' | 'organization' | 'advisor';

const STATUS_CHIP: Record<
  OnboardingStep['status'],
  { label: string; color: 'success' | 'default' | 'warning' }
> = {
  done: { label: 'Done', color: 'success' },
  not_started: { label: 'Not started', color: 'default' },
  needs_attention: { label: 'Needs attention', color: 'warning' },
};

const STEP_INTRO: Record<OnboardingAnchor, string> = {
  initial: 'Tell us what you would like us to take care of.',
  client_details: 'Who we talk to, and whether the household owns real estate.',
  it: 'Your e-mail and devices, so we can reach you safely.',
  prelim: 'How bills are paid today.',
  entities: 'The household, its trusts and companies: the bills are paid for each of them.',
  commitment: 'Bills that come back every month or year.',
  other: 'Other tax forms you receive or file.',
  docs: 'Statements, bills and papers we need.',
  team: 'The people of your service team.',
  contacts: 'Your CPA, attorney and other contacts.',
  banks: 'Your banks and the people there.',
  properties: 'Homes and other real estate.',
  app_users: 'Family members and helpers who will use the app.',
  summary: 'Check every step, then submit.',
};

function StepPanel({
  checklist,
  anchor,
  audience,
  orgGuid,
  onSubmitted,
}: {
  checklist: Checklist;
  anchor: OnboardingAnchor;
  audience: ChecklistAudience;
  orgGuid: string | null;
  onSubmitted: (checklist: Checklist) => void;
}): ReactNode {
  const clientGuid = checklist.client.guid;
  const readOnly = !checklist.can_edit;
  switch (anchor) {
    case 'initial':
    case 'it':
    case 'prelim':
      return <AnswerStep checklist={checklist} anchor={anchor} />;
    case 'client_details':
      return <ClientDetailsStep checklist={checklist} />;
    case 'entities':
      return <EntitiesStep checklist={checklist} />;
    case 'commitment':
      return <CommitmentStep checklist={checklist} staff={audience === 'organization'} />;
    case 'other':
      return <TaxFormsStep checklist={checklist} />;
    case 'docs':
      return <DocumentsTab clientGuid={clientGuid} readOnly={readOnly} />;
    case 'team':
      return <TeamStep checklist={checklist} orgGuid={audience === 'organization' ? orgGuid : null} />;
    case 'contacts':
      return <ContactsTab clientGuid={clientGuid} readOnly={readOnly} />;
    case 'banks':
      return <BanksTab clientGuid={clientGuid} readOnly={readOnly} />;
    case 'properties':
      return <PropertiesTab clientGuid={clientGuid} readOnly={readOnly} />;
    case 'app_users':
      return <UsersTab clientGuid={clientGuid} readOnly={readOnly} />;
    case 'summary':
      return <SummaryStep checklist={checklist} onSubmitted={onSubmitted} />;
  }
}

/**
 * The one onboarding checklist of the three audiences: the step list with status chips, and the open
 * step's form saving to the records it is about. Opening a step autosaves the position, so leaving and
 * coming back resumes there (or at the first unfinished step).
 */
export function OnboardingChecklist({
  clientGuid,
  audience,
  orgGuid = null,
  onSubmitted = () => undefined,
}: {
  clientGuid: string;
  audience: ChecklistAudience;
  orgGuid?: string | null;
  onSubmitted?: (checklist: Checklist) => void;
}) {
  const { api } = useSession();
  const checklist = useChecklist(clientGuid);
  const setChecklist = useSetChecklist(clientGuid);
  useRefreshOnSavedRecords(clientGuid);
  const [open, setOpen] = useState<OnboardingAnchor | null>(null);
  const visit = useMutation({
    mutationKey: ['onboarding', 'visit'],
    mutationFn: (anchor: OnboardingAnchor) =>
      api.call(onboardingRoutes.patchAccountsClientOnboarding, {
        params: { clientGuid },
        body: { last_anchor: anchor },
      }),
    onSuccess: setChecklist,
  });
  const data = checklist.data;
  const canEdit = data?.can_edit ?? false;
  // Resume where the API says (the last unfinished step visited, else the first unfinished) once loaded.
  const resumed = useRef(false);
  useEffect(() => {
    if (!data || resumed.current) return;
    resumed.current = true;
    setOpen(data.current_anchor);
  }, [data]);

  if (checklist.isPending) return <LoadingState label="Loading the checklist…" />;
  if (checklist.isError)
    return <ErrorState message={apiErrorMessage(checklist.error)} onRetry={() => void checklist.refetch()} />;
  const current = open ?? checklist.data.current_anchor;
  const step = checklist.data.steps.find((s) => s.anchor === current);
  const openStep = (anchor: OnboardingAnchor) => {
    setOpen(anchor);
    if (canEdit) visit.mutate(anchor);
  };
  const { progress } = checklist.data;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="nav" aria-label="Onboarding steps">
        <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
          {progress.completed_steps} of {progress.total_steps} steps done
        </Typography>
        <List>
          {checklist.data.steps.map((s) => (
            <ListItem key={s.anchor} disablePadding>
              <ListItemButton
                selected={s.anchor === current}
                aria-current={s.anchor === current ? 'step' : undefined}
                onClick={() => openStep(s.anchor)}
                data-anchor={s.anchor}
              >
                <ListItemText primary={`${s.label}${s.required ? '' : ' (optional)'}`} />
                <Chip size="small" label={STATUS_CHIP[s.status].label} color={STATUS_CHIP[s.status].color} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="onboarding-step-title"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Typography id="onboarding-step-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {step?.label}
          {step?.step_id ? (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.9rem' }}>
              Step {step.step_id}
            </Typography>
          ) : null}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {STEP_INTRO[current]}
          {canEdit ? '' : ' You can see this step but not change it.'}
        </Typography>
        <StepPanel
          key={current}
          checklist={checklist.data}
          anchor={current}
          audience={audience}
          orgGuid={orgGuid}
          onSubmitted={onSubmitted}
        />
      </Paper>
    </Box>
  );
}
