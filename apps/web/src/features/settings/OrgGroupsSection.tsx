import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable, EmptyState, QueryStates } from '../../ui/index.ts';
import { addGroupPath, editGroupPath } from '../groups/group-paths.ts';
import { GROUPS_PAGE_SIZE, useGroups } from '../groups/groups-api.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

/** The organisation's groups with their member and permission counts. */
export function OrgGroupsSection({ orgGuid, canManage }: { orgGuid: string; canManage: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const groups = useGroups(orgGuid, page + 1);

  return (
    <Box component="section" aria-labelledby="org-groups-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id="org-groups-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Groups
        </Typography>
        {canManage ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={addGroupPath(orgGuid)}
          >
            Add group
          </Button>
        ) : null}
      </Box>
      <QueryStates
        query={groups}
        loadingLabel="Loading groups…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No groups yet.">
            Groups give their members permissions beyond their role, such as reading the audit history.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Groups"
            columns={[
              {
                key: 'name',
                header: 'Name',
                render: (group) => (
                  <Link
                    component={RouterLink}
                    to={editGroupPath(orgGuid, group.guid)}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {group.name}
                  </Link>
                ),
              },
              {
                key: 'description',
                header: 'Description',
                cellSx: { color: 'text.secondary' },
                render: (group) => group.description || '—',
              },
              { key: 'members', header: 'Members', align: 'right', render: (group) => group.user_count },
              {
                key: 'permissions',
                header: 'Permissions',
                align: 'right',
                render: (group) => group.permissions.length,
              },
            ]}
            rows={data.results}
            rowKey={(group) => group.guid}
            paging={{ count: data.count, page, pageSize: GROUPS_PAGE_SIZE, onPageChange: setPage }}
            onRowClick={(group) => navigate(editGroupPath(orgGuid, group.guid))}
            updating={groups.isFetching}
          />
        )}
      </QueryStates>
    </Box>
  );
}
