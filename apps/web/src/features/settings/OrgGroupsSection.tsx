import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState, LoadingState } from '../../ui/index.ts';
import { addGroupPath, editGroupPath } from '../groups/group-paths.ts';
import { GROUPS_PAGE_SIZE, useGroups } from '../groups/groups-api.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ErrorState } from '../shared/ErrorState.tsx';

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
      {groups.isPending ? (
        <LoadingState label="Loading groups…" />
      ) : groups.isError ? (
        <ErrorState message={apiErrorMessage(groups.error)} onRetry={() => void groups.refetch()} />
      ) : groups.data.results.length === 0 ? (
        <EmptyState title="No groups yet.">
          Groups give their members permissions beyond their role, such as reading the audit history.
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          {groups.isFetching ? <LinearProgress aria-label="Updating" /> : null}
          <TableContainer>
            <Table size="small" aria-label="Groups">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Members</TableCell>
                  <TableCell align="right">Permissions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.data.results.map((group) => {
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
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={groups.data.count}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={GROUPS_PAGE_SIZE}
            rowsPerPageOptions={[GROUPS_PAGE_SIZE]}
          />
        </Paper>
      )}
    </Box>
  );
}
