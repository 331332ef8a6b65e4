import type { ClientAssignment, StaffUser } from '@bp/contracts';
import { staffRoutes } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { type ClientOption, ClientPicker } from './pickers.tsx';
import { ASSIGNMENTS_PAGE_SIZE, staffKey, useAssignments } from './staff-api.ts';
import { personName } from './staff-labels.ts';

type Kind = ClientAssignment['kind'];
const KIND_LABELS: Record<Kind, string> = { assigned: 'Assigned', backup: 'Backup' };
const KINDS = Object.keys(KIND_LABELS) as Kind[];

/** The clients this member works on, as the assigned person or as backup. */
export function ClientAssignments({
  orgGuid,
  user,
  canManage,
}: {
  orgGuid: string;
  user: StaffUser;
  canManage: boolean;
}) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [client, setClient] = useState<ClientOption | null>(null);
  const [kind, setKind] = useState<Kind>('assigned');
  const removing = useConfirmTarget<ClientAssignment>();
  const assignments = useAssignments(orgGuid, user.guid, page + 1);
  const params = { orgGuid, userGuid: user.guid };
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: [...staffKey(orgGuid), 'clients', user.guid] });

  // Assigning an assigned client again changes its kind (the API answers 200 instead of 201).
  const assign = useMutation({
    mutationFn: (input: { client: ClientOption; kind: Kind }) =>
      api.call(staffRoutes.postAccountsOrganizationUserClients, {
        params,
        body: { client: input.client.guid, kind: input.kind },
      }),
    onSuccess: async (saved, input) => {
      await refresh();
      if (input.client.guid === client?.guid) setClient(null);
      toast.success(
        saved.kind === 'backup'
          ? `${personName(user)} is the backup for ${saved.client.name}.`
          : `${personName(user)} is assigned to ${saved.client.name}.`,
      );
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const unassign = useMutation({
    mutationFn: (assignment: ClientAssignment) =>
      api.call(staffRoutes.deleteAccountsOrganizationUserClient, {
        params: { ...params, clientGuid: assignment.client.guid },
      }),
    onSuccess: async (_result, assignment) => {
      removing.close();
      await refresh();
      toast.success(`${assignment.client.name} removed from ${personName(user)}'s clients.`);
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
          <ClientPicker orgGuid={orgGuid} label="Client to assign" value={client} onChange={setClient} />
          <TextField
            select
            id="assignment-kind"
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
            sx={{ minWidth: 150 }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={client === null}
            loading={assign.isPending && assign.variables?.client.guid === client?.guid}
            onClick={() => client && assign.mutate({ client, kind })}
          >
            Assign client
          </Button>
        </Stack>
      ) : null}
      <QueryStates
        query={assignments}
        loadingLabel="Loading clients…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No clients assigned yet." />}
      >
        {(data) => (
          <DataTable
            label="Assigned clients"
            columns={[
              {
                key: 'client',
                header: 'Client',
                render: (assignment) => (
                  <>
                    {assignment.client.name}
                    {assignment.client.archived ? (
                      <Chip label="Archived" size="small" sx={{ ml: 1 }} />
                    ) : null}
                  </>
                ),
              },
              {
                key: 'kind',
                header: 'Kind',
                render: (assignment) =>
                  canManage ? (
                    <TextField
                      select
                      size="small"
                      value={assignment.kind}
                      onChange={(event) =>
                        assign.mutate({ client: assignment.client, kind: event.target.value as Kind })
                      }
                      slotProps={{ htmlInput: { 'aria-label': `Kind for ${assignment.client.name}` } }}
                      disabled={assign.isPending}
                    >
                      {KINDS.map((k) => (
                        <MenuItem key={k} value={k}>
                          {KIND_LABELS[k]}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    KIND_LABELS[assignment.kind]
                  ),
              },
              ...(canManage
                ? [
                    {
                      key: 'actions',
                      header: 'Actions',
                      align: 'right' as const,
                      render: (assignment: ClientAssignment) => (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => removing.ask(assignment)}
                          aria-label={`Remove ${assignment.client.name}`}
                        >
                          Remove
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
            rows={data.results}
            rowKey={(assignment) => assignment.client.guid}
            paging={{ count: data.count, page, pageSize: ASSIGNMENTS_PAGE_SIZE, onPageChange: setPage }}
            updating={assignments.isFetching}
          />
        )}
      </QueryStates>
      <ConfirmDialog
        open={removing.open}
        title={`Remove ${removing.target?.client.name ?? ''}?`}
        confirmLabel="Remove"
        destructive
        pending={unassign.isPending}
        onConfirm={() => removing.target && unassign.mutate(removing.target)}
        onClose={removing.close}
      >
        {personName(user)} will no longer be {removing.target?.kind === 'backup' ? 'the backup' : 'assigned'}{' '}
        on this client.
      </ConfirmDialog>
    </Box>
  );
}
