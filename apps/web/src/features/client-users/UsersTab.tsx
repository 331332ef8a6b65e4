import {
  type ClientUser,
  clientsRoutes,
  DEFAULT_PAGE_SIZE,
  patchClientUserRequest,
  userInvitationRequest,
} from '@bp/contracts';
import { formatLimit } from '@bp/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SendIcon from '@mui/icons-material/Send';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import {
  ConfirmActionDialog,
  orDash,
  payloadAs,
  RecordFormDialog,
  useInvalidateList,
  usePagedList,
} from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { fullNameOf } from './client-user-display.ts';
import { EDIT_FIELDS, INVITE_DEFAULTS, INVITE_FIELDS } from './client-user-fields.ts';
import { DesigneeLimitsDialog } from './DesigneeLimitsDialog.tsx';
import { designeeLists } from './designee-lists.ts';

const columns: DataColumn<ClientUser>[] = [
  { key: 'name', header: 'Name', render: (row) => fullNameOf(row) },
  { key: 'email', header: 'E-mail', render: (row) => row.user.email },
  { key: 'role', header: 'Role', render: (row) => row.role_label },
  { key: 'relation', header: 'Relation', render: (row) => row.client_relation_label },
  {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <Chip
        size="small"
        label={row.status_label}
        color={row.status === 'pending_invite' || row.status === 'pending' ? 'warning' : 'success'}
        variant="outlined"
      />
    ),
  },
  {
    key: 'limit',
    header: 'Approval limit',
    align: 'right',
    render: (row) => formatLimit(row.approval_limit),
  },
  { key: 'nickname', header: 'Nickname', render: (row) => orDash(row.nickname) },
];

/** The client's app users: invite, resend, edit role and relation, designee limits, remove. */
export function UsersTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateList();
  const users = designeeLists(clientGuid).users;
  const userParams = (user: ClientUser) => ({ clientGuid, clientUserGuid: user.guid });
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<ClientUser | null>(null);
  const [limitsOf, setLimitsOf] = useState<ClientUser | null>(null);
  const [removing, setRemoving] = useState<ClientUser | null>(null);
  const list = usePagedList(users, { page: page + 1 });

  const resend = useMutation({
    mutationFn: (user: ClientUser) =>
      api.call(clientsRoutes.postAccountsClientUserInvitationResend, { params: userParams(user) }),
    onSuccess: (_data, user) => toast.success(`Invitation sent again to ${user.user.email}.`),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const rows = list.data?.results ?? [];
  return (
    <Box component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Users
        </Typography>
        {readOnly ? null : (
          <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
            Invite user
          </Button>
        )}
      </Box>
      <QueryStates
        query={list}
        loadingLabel="Loading users…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={
          <EmptyState title="No users yet.">
            The people who use the app for this client (family members, designees, observers) will be listed
            here.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Users"
            columns={columns}
            rowKey={(row) => row.guid}
            rows={rows}
            paging={{
              count: data.count,
              page: page,
              pageSize: DEFAULT_PAGE_SIZE,
              onPageChange: setPage,
            }}
            updating={list.isFetching}
            actions={
              readOnly
                ? undefined
                : (row) => (
                    <>
                      {row.status === 'pending_invite' ? (
                        <Tooltip title="Resend invitation">
                          <IconButton
                            aria-label={`Resend invitation to ${fullNameOf(row)}`}
                            size="small"
                            disabled={resend.isPending}
                            onClick={() => resend.mutate(row)}
                          >
                            <SendIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                      {row.role === 'designee' ? (
                        <Tooltip title="Limits">
                          <IconButton
                            aria-label={`Limits of ${fullNameOf(row)}`}
                            size="small"
                            onClick={() => setLimitsOf(row)}
                          >
                            <TuneIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                      <Tooltip title="Edit">
                        <IconButton
                          aria-label={`Edit ${fullNameOf(row)}`}
                          size="small"
                          onClick={() => setEditing(row)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Remove">
                        <IconButton
                          aria-label={`Remove ${fullNameOf(row)}`}
                          size="small"
                          onClick={() => setRemoving(row)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )
            }
          />
        )}
      </QueryStates>
      {readOnly ? null : (
        <>
          <RecordFormDialog
            open={inviting}
            title="Invite user"
            fields={INVITE_FIELDS}
            schema={userInvitationRequest}
            item={null}
            defaults={INVITE_DEFAULTS}
            submitLabel="Send invitation"
            successMessage="Invitation sent."
            onSubmit={async (payload) => {
              await api.call(clientsRoutes.postAccountsClientUserInvitations, {
                params: { clientGuid },
                body: payloadAs(userInvitationRequest, payload),
              });
              await invalidate(users);
            }}
            onClose={() => setInviting(false)}
          />
          <RecordFormDialog
            open={editing !== null}
            title={`Edit ${editing ? fullNameOf(editing) : 'user'}`}
            fields={EDIT_FIELDS}
            schema={patchClientUserRequest}
            item={editing}
            submitLabel="Save changes"
            successMessage="User updated."
            onSubmit={async (payload) => {
              if (!editing) return;
              await api.call(clientsRoutes.patchAccountsClientUser, {
                params: userParams(editing),
                body: payloadAs(patchClientUserRequest, payload),
              });
              await invalidate(users);
            }}
            onClose={() => setEditing(null)}
          />
          {limitsOf ? (
            <DesigneeLimitsDialog clientGuid={clientGuid} user={limitsOf} onClose={() => setLimitsOf(null)} />
          ) : null}
          <ConfirmActionDialog
            open={removing !== null}
            title={`Remove ${removing ? fullNameOf(removing) : 'user'}?`}
            message="They will no longer see this client in the app. Their account stays, and they can be invited again."
            confirmLabel="Remove"
            successMessage="User removed."
            onConfirm={async () => {
              if (!removing) return;
              await api.call(clientsRoutes.deleteAccountsClientUser, { params: userParams(removing) });
              if (rows.length === 1 && page > 0) setPage(page - 1);
              await invalidate(users);
            }}
            onClose={() => setRemoving(null)}
          />
        </>
      )}
    </Box>
  );
}
