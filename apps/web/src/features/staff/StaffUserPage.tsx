import type { StaffUser } from '@bp/contracts';
import { staffRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, ErrorState, LoadingState, PageTitle, useToast } from '../../ui/index.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { WithOrganization } from '../settings/WithOrganization.tsx';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ClientAssignments } from './ClientAssignments.tsx';
import { invitationSentMessage } from './InviteStaffDialog.tsx';
import { StaffDetailsForm } from './StaffDetailsForm.tsx';
import { StaffGroupsForm } from './StaffGroupsForm.tsx';
import { staffKey, useStaffUser } from './staff-api.ts';
import { flagLabels, personName } from './staff-labels.ts';

/** /user-management/{userId}/: one staff member (the path segment is the user's guid). */
export function StaffUserPage() {
  const { userId = '' } = useParams();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Button component={RouterLink} to="/user-management" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        User Management
      </Button>
      <WithOrganization title="User Management">
        {(orgGuid) => <StaffUserDetails orgGuid={orgGuid} userGuid={userId} />}
      </WithOrganization>
    </Box>
  );
}

function StaffUserDetails({ orgGuid, userGuid }: { orgGuid: string; userGuid: string }) {
  const user = useStaffUser(orgGuid, userGuid);
  const catalogue = usePermissionCatalogue(orgGuid);
  const held = catalogue.data?.effective_permissions ?? [];

  if (user.isPending) {
    return (
      <>
        <PageTitle>User Management</PageTitle>
        <LoadingState label="Loading the staff member…" />
      </>
    );
  }
  if (user.isError) {
    return (
      <>
        <PageTitle>User Management</PageTitle>
        <ErrorState message={apiErrorMessage(user.error)} onRetry={() => void user.refetch()} />
      </>
    );
  }
  const member = user.data;
  const canManage = held.includes('staff.manage');
  return (
    <>
      <PageTitle actions={canManage ? <MemberActions orgGuid={orgGuid} user={member} /> : undefined}>
        {personName(member)}
      </PageTitle>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: -2, mb: 3, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
      >
        <Typography color="text.secondary" sx={{ mr: 1 }}>
          {member.email}
        </Typography>
        <Chip
          size="small"
          label={member.status_label}
          color={member.status === 'pending_invite' ? 'warning' : 'default'}
        />
        {member.is_active ? null : <Chip size="small" label="Disabled" color="error" />}
        {flagLabels(member).map((flag) => (
          <Chip key={flag} size="small" label={flag} color="primary" variant="outlined" />
        ))}
      </Stack>
      <Section title="Details">
        <StaffDetailsForm
          key={`${member.guid}-${member.role}-${member.team_label}-${member.first_name}-${member.last_name}`}
          orgGuid={orgGuid}
          user={member}
          canManage={canManage}
          callerRole={catalogue.data?.role}
        />
      </Section>
      <Section title="Groups">
        <StaffGroupsForm
          key={member.groups.map((g) => g.guid).join()}
          orgGuid={orgGuid}
          user={member}
          canManage={held.includes('groups.manage')}
        />
      </Section>
      <Section title="Assigned clients">
        <ClientAssignments orgGuid={orgGuid} user={member} canManage={canManage} />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Resend the invitation (while it is pending) and enable or disable the member, each confirmed. */
function MemberActions({ orgGuid, user }: { orgGuid: string; user: StaffUser }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const name = personName(user);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) });

  const resend = useMutation({
    mutationFn: () =>
      api.call(staffRoutes.postAccountsOrganizationUserSendStaffInvitation, {
        params: { orgGuid, userGuid: user.guid },
      }),
    onSuccess: () => toast.success(invitationSentMessage(user.email)),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const setActive = useMutation({
    mutationFn: (isActive: boolean) =>
      api.call(staffRoutes.postAccountsOrganizationUserEnable, {
        params: { orgGuid, userGuid: user.guid },
        body: { is_active: isActive },
      }),
    onSuccess: async (saved) => {
      setConfirming(false);
      await refresh();
      toast.success(saved.is_active ? `${name} is enabled.` : `${name} is disabled and signed out.`);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(apiErrorMessage(error));
    },
  });

  return (
    <Stack direction="row" spacing={1}>
      {user.status === 'pending_invite' && user.is_active ? (
        <Button variant="outlined" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend invitation
        </Button>
      ) : null}
      <Button
        variant={user.is_active ? 'outlined' : 'contained'}
        color={user.is_active ? 'error' : 'primary'}
        onClick={() => setConfirming(true)}
      >
        {user.is_active ? 'Disable user' : 'Enable user'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={user.is_active ? `Disable ${name}?` : `Enable ${name}?`}
        confirmLabel={user.is_active ? 'Disable' : 'Enable'}
        destructive={user.is_active}
        pending={setActive.isPending}
        onConfirm={() => setActive.mutate(!user.is_active)}
        onClose={() => setConfirming(false)}
      >
        {user.is_active
          ? `Their sessions end at once: ${name} is signed out everywhere and cannot sign in until enabled again. Their groups and client assignments are kept.`
          : `${name} can sign in again with their password, with the groups and clients they had.`}
      </ConfirmDialog>
    </Stack>
  );
}
