import { type OnboardingChecklist, onboardingRoutes, staffRoutes } from '@bp/contracts';
import { ASSIGNMENT_KIND_LABELS, ASSIGNMENT_KIND_VALUES } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, QueryStates } from '../../ui/index.ts';
import { type FieldSpec, RecordFormDialog, useChoices } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

const assignSchema = z.object({
  user: z.string().min(1, 'This field is required.'),
  kind: z.enum(ASSIGNMENT_KIND_VALUES),
});

/**
 * The team step: the organisation's staff assigned to the client. The organisation assigns them here
 * (the default levels come from GET default_onboarding_team); the client and advisors see who they are.
 */
export function TeamStep({ checklist, orgGuid }: { checklist: OnboardingChecklist; orgGuid: string | null }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const clientGuid = checklist.client.guid;
  const teamKey = ['onboarding', 'team', clientGuid];
  const team = useQuery({
    queryKey: teamKey,
    queryFn: () => api.call(onboardingRoutes.getAccountsClientOnboardingTeam, { params: { clientGuid } }),
  });
  const defaults = useQuery({
    queryKey: ['onboarding', 'default-team'],
    queryFn: () => api.call(onboardingRoutes.getVersionsConfigDefaultOnboardingTeam, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [assigning, setAssigning] = useState(false);
  const staff = useChoices(
    { route: staffRoutes.getAccountsOrganizationUsers, params: { orgGuid: orgGuid ?? '' } },
    { enabled: assigning && orgGuid !== null },
  );
  const fields: FieldSpec[] = [
    {
      name: 'user',
      label: 'Staff member',
      kind: 'select',
      required: true,
      options: (staff.data?.results ?? [])
        .filter((s) => s.is_active)
        .map((s) => ({
          value: s.guid,
          label: `${s.first_name} ${s.last_name}${s.team_label ? ` (${s.team_label})` : ''}`,
        })),
    },
    {
      name: 'kind',
      label: 'Assignment',
      kind: 'select',
      required: true,
      options: ASSIGNMENT_KIND_VALUES.map((value) => ({ value, label: ASSIGNMENT_KIND_LABELS[value] })),
    },
  ];
  const levels = defaults.data?.results ?? [];
  return (
    <Box>
      {levels.length > 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          A client's team is usually:{' '}
          {levels.map((l) => `${l.team_label} (${ASSIGNMENT_KIND_LABELS[l.kind].toLowerCase()})`).join(', ')}.
        </Typography>
      ) : null}
      <QueryStates
        query={team}
        loadingLabel="Loading the team…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No team assigned yet.">
            {orgGuid
              ? 'Assign the staff who will serve this client.'
              : 'Your service team will assign your contacts.'}
          </EmptyState>
        }
      >
        {(data) => (
          <List dense aria-label="Team">
            {data.results.map((member) => (
              <ListItem key={`${member.user}-${member.kind}`} disableGutters>
                <ListItemText
                  primary={member.name}
                  secondary={`${member.team_label ?? 'Staff'} · ${ASSIGNMENT_KIND_LABELS[member.kind]} · ${member.email}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
      {orgGuid && checklist.can_edit ? (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => setAssigning(true)}>
          Assign staff
        </Button>
      ) : null}
      <RecordFormDialog
        open={assigning}
        title="Assign staff"
        fields={fields}
        schema={assignSchema}
        item={null}
        defaults={{ kind: 'assigned' }}
        submitLabel="Assign"
        successMessage="Staff assigned."
        onSubmit={async (payload) => {
          const parsed = assignSchema.parse(payload);
          await api.call(staffRoutes.postAccountsOrganizationUserClients, {
            params: { orgGuid: orgGuid ?? '', userGuid: parsed.user },
            body: { client: clientGuid, kind: parsed.kind },
          });
          await queryClient.invalidateQueries({ queryKey: teamKey });
        }}
        onClose={() => setAssigning(false)}
      />
    </Box>
  );
}
