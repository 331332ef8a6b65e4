import type { Group, GroupMember, StaffUser } from '@bp/contracts';
import { groupsRoutes } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  QueryStates,
  useConfirmTarget,
  useToast,
} from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { StaffPicker } from '../staff/pickers.tsx';
import { staffKey } from '../staff/staff-api.ts';
import { personName, roleLabel } from '../staff/staff-labels.ts';
import { groupsKey, MEMBERS_PAGE_SIZE, useGroupMembers } from './groups-api.ts';

interface GroupMembersProps {
  orgGuid: string;
  group: Group;
  canManage: boolean;
}

/** The group's members: add one from the staff list, remove one after confirming. */
export function GroupMembers({ orgGuid, group, canManage }: GroupMembersProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<StaffUser | null>(null);
  const removing = useConfirmTarget<GroupMember>();
  const members = useGroupMembers(orgGuid, group.guid, page + 1);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupsKey(orgGuid) }),
      // Members' permissions and group lists change with them.
      queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) }),
    ]);

  const add = useMutation({
    mutationFn: (user: StaffUser) =>
      api.call(groupsRoutes.postAccountsOrganizationGroupUsers, {
        params: { orgGuid, groupGuid: group.guid },
        body: { user: user.guid },
      }),
    onSuccess: async (_group, user) => {
      setPicked(null);
      await refresh();
      toast.success(`${personName(user)} added to ${group.name}.`);
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: (member: GroupMember) =>
      api.call(groupsRoutes.deleteAccountsOrganizationGroupUser, {
        params: { orgGuid, groupGuid: group.guid, userGuid: member.guid },
      }),
    onSuccess: async (_result, member) => {
      removing.close();
      await refresh();
      toast.success(`${personName(member)} removed from ${group.name}.`);
    },
    onError: (error) => {
      removing.close();
      toast.error(apiErrorMessage(error));
    },
  });

  return (
    <Box>
      {canManage ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <StaffPicker orgGuid={orgGuid} label="Staff member to add" value={picked} onChange={setPicked} />
          <Button
            variant="contained"
            disabled={picked === null}
            loading={add.isPending}
            onClick={() => picked && add.mutate(picked)}
          >
            Add member
          </Button>
        </Stack>
      ) : null}
      <QueryStates
        query={members}
        loadingLabel="Loading members…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="This group has no members yet.">
            {canManage ? 'Add staff members above; they gain its permissions at once.' : null}
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Members"
            columns={[
              {
                key: 'name',
                header: 'Name',
                render: (member) => (
                  <>
                    <Link component={RouterLink} to={`/user-management/${member.guid}/`}>
                      {personName(member)}
                    </Link>
                    {member.is_active ? null : <Chip label="Disabled" size="small" sx={{ ml: 1 }} />}
                  </>
                ),
              },
              { key: 'email', header: 'E-mail', render: (member) => member.email },
              { key: 'role', header: 'Role', render: (member) => roleLabel(member.role) },
              { key: 'team', header: 'Team label', render: (member) => member.team_label ?? '—' },
              ...(canManage
                ? [
                    {
                      key: 'actions',
                      header: 'Actions',
                      align: 'right' as const,
                      render: (member: (typeof data.results)[number]) => (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => removing.ask(member)}
                          aria-label={`Remove ${personName(member)}`}
                        >
                          Remove
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
            rows={data.results}
            rowKey={(member) => member.guid}
            paging={{ count: data.count, page, pageSize: MEMBERS_PAGE_SIZE, onPageChange: setPage }}
            updating={members.isFetching}
          />
        )}
      </QueryStates>
      <ConfirmDialog
        open={removing.open}
        title={`Remove ${removing.target ? personName(removing.target) : ''} from ${group.name}?`}
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing.target && remove.mutate(removing.target)}
        onClose={removing.close}
      >
        They lose the permissions this group gives them with their next request, unless their role or another
        group grants them too.
      </ConfirmDialog>
    </Box>
  );
}
