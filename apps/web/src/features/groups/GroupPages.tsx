import { groupsRoutes } from '@bp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, ErrorState, LoadingState, PageTitle, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { staffKey } from '../staff/staff-api.ts';
import { GroupDetailsForm } from './GroupDetailsForm.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { editGroupPath, SETTINGS_PATH } from './group-paths.ts';
import { groupsKey, useGroup } from './groups-api.ts';
import { usePermissionCatalogue } from './usePermissionCatalogue.ts';

function BackToSettings() {
  return (
    <Button component={RouterLink} to={SETTINGS_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Org Settings
    </Button>
  );
}

/** /settings/org-add-group/{orgGuid}: name, description and permissions; members come after creating. */
export function AddGroupPage() {
  const { orgGuid = '' } = useParams();
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue(orgGuid);

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <BackToSettings />
      <PageTitle>Add Group</PageTitle>
      <PageIntro>
        A group gives its members extra permissions. You can add members once it is created.
      </PageIntro>
      {catalogue.isPending ? (
        <LoadingState label="Loading permissions…" />
      ) : catalogue.isError ? (
        <ErrorState message={apiErrorMessage(catalogue.error)} onRetry={() => void catalogue.refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <GroupDetailsForm
            orgGuid={orgGuid}
            catalogue={catalogue.data}
            canManage={catalogue.data.effective_permissions.includes('groups.manage')}
            onCreated={(group) => navigate(editGroupPath(orgGuid, group.guid), { replace: true })}
          />
        </Paper>
      )}
    </Box>
  );
}

/** /settings/org-edit-group/{orgGuid}/group/{groupGuid}: the group, its permissions and its members. */
export function EditGroupPage() {
  const { orgGuid = '', groupGuid = '' } = useParams();
  const { api } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const catalogue = usePermissionCatalogue(orgGuid);
  const group = useGroup(orgGuid, groupGuid);
  const canManage = catalogue.data?.effective_permissions.includes('groups.manage') ?? false;

  const remove = useMutation({
    mutationFn: () =>
      api.call(groupsRoutes.deleteAccountsOrganizationGroup, { params: { orgGuid, groupGuid } }),
    onSuccess: async () => {
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: [...groupsKey(orgGuid), 'detail', groupGuid] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsKey(orgGuid) }),
        queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) }),
      ]);
      toast.success(`Group ${group.data?.name ?? ''} deleted.`);
      navigate(SETTINGS_PATH);
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast.error(apiErrorMessage(error));
    },
  });

  const title = group.data ? group.data.name : 'Edit Group';
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <BackToSettings />
      <PageTitle
        actions={
          canManage && group.data ? (
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
              Delete group
            </Button>
          ) : undefined
        }
      >
        {title}
      </PageTitle>
      {group.isPending || catalogue.isPending ? (
        <LoadingState label="Loading the group…" />
      ) : group.isError ? (
        <ErrorState message={apiErrorMessage(group.error)} onRetry={() => void group.refetch()} />
      ) : catalogue.isError ? (
        <ErrorState message={apiErrorMessage(catalogue.error)} onRetry={() => void catalogue.refetch()} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Typography variant="h6" component="h2">
              Details
            </Typography>
            <GroupDetailsForm
              // A fresh form when another group is opened on the same page.
              key={group.data.guid}
              orgGuid={orgGuid}
              catalogue={catalogue.data}
              group={group.data}
              canManage={canManage}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Members ({group.data.user_count})
            </Typography>
            <GroupMembers orgGuid={orgGuid} group={group.data} canManage={canManage} />
          </Paper>
        </>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${title}?`}
        confirmLabel="Delete group"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      >
        {membersLosing(group.data?.user_count ?? 0)} This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}

function membersLosing(count: number): string {
  if (count === 0) return 'It has no members.';
  if (count === 1) return 'Its member loses the permissions it gives.';
  return `Its ${count} members lose the permissions it gives.`;
}
