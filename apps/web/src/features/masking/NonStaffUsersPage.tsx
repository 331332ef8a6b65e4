import type { MaskUser } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { DataTable, EmptyState, PageTitle, QueryStates, SearchField } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { MaskConfirmDialog } from './MaskConfirmDialog.tsx';
import { fullName, userTypeLabel } from './mask-user-labels.ts';
import { MASK_USERS_PAGE_SIZE, useMaskUsers } from './useMaskUsers.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export function NonStaffUsersPage() {
  const { claims, isMasked } = useSession();
  // SPEC.md §6: internal staff only, and not while masked. The router guards too; this is the backstop.
  if (claims && (!claims.staff || isMasked)) return <Navigate to="/dashboard" replace />;
  return <NonStaffUsers />;
}

function NonStaffUsers() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<MaskUser | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useMaskUsers(page + 1, debouncedSearch);

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle>Mask to another User</PageTitle>
      <PageIntro>
        See the app as a client or organisation user sees it, to help them or to check a problem.
      </PageIntro>
      <SearchField
        id="mask-user-search"
        label="Search users"
        placeholder="Name or e-mail"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        autoFocus
        fullWidth
        sx={{ mb: 2, maxWidth: 420 }}
      />
      <QueryStates
        query={users}
        loadingLabel="Loading users…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No users match your search." />}
      >
        {(data) => (
          <DataTable
            label="Users"
            columns={[
              { key: 'name', header: 'Name', render: (user) => fullName(user) },
              { key: 'email', header: 'E-mail', render: (user) => user.email },
              { key: 'type', header: 'Type', render: (user) => userTypeLabel(user.type) },
            ]}
            rows={data.results}
            rowKey={(user) => user.guid}
            paging={{ count: data.count, page, pageSize: MASK_USERS_PAGE_SIZE, onPageChange: setPage }}
            updating={users.isFetching}
            actions={(user) => (
              <Button
                size="small"
                variant="outlined"
                onClick={() => {
                  setTarget(user);
                  setConfirmOpen(true);
                }}
                aria-label={`Mask as ${fullName(user)}`}
              >
                Mask
              </Button>
            )}
          />
        )}
      </QueryStates>
      <MaskConfirmDialog open={confirmOpen} user={target} onClose={() => setConfirmOpen(false)} />
    </Box>
  );
}
