import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Link, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, PagedTableFooter, QueryStates, TableFrame } from '../../ui/index.ts';
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
          <TableFrame
            label="Groups"
            updating={groups.isFetching}
            footer={
              <PagedTableFooter
                count={data.count}
                page={page}
                pageSize={GROUPS_PAGE_SIZE}
                onPageChange={setPage}
              />
            }
          >
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Members</TableCell>
                <TableCell align="right">Permissions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((group) => {
                const to = editGroupPath(orgGuid, group.guid);
                return (
                  <TableRow key={group.guid} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(to)}>
                    <TableCell>
                      <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()}>
                        {group.name}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary' }}>{group.description || '—'}</TableCell>
                    <TableCell align="right">{group.user_count}</TableCell>
                    <TableCell align="right">{group.permissions.length}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </TableFrame>
        )}
      </QueryStates>
    </Box>
  );
}
