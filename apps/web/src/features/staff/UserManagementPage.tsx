import type { StaffUser } from '@bp/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  PageTitle,
  QueryStates,
  SearchField,
} from '../../ui/index.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { WithOrganization } from '../settings/WithOrganization.tsx';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { InviteStaffDialog } from './InviteStaffDialog.tsx';
import { STAFF_PAGE_SIZE, type StaffFilters, useStaffList } from './staff-api.ts';
import { personName, roleLabel, TEAM_LABEL_OPTIONS } from './staff-labels.ts';

export const SEARCH_DEBOUNCE_MS = 300;
export const staffUserPagePath = (userGuid: string) => `/user-management/${userGuid}/`;

/** /user-management: the organisation's staff, and inviting a new member. */
export function UserManagementPage() {
  return (
    <Box sx={{ maxWidth: 1300 }}>
      <WithOrganization title="User Management">
        {(orgGuid) => <UserManagement orgGuid={orgGuid} />}
      </WithOrganization>
    </Box>
  );
}

function UserManagement({ orgGuid }: { orgGuid: string }) {
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue(orgGuid);
  const canManage = catalogue.data?.effective_permissions.includes('staff.manage') ?? false;
  const [inviting, setInviting] = useState(false);
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [teamLabel, setTeamLabel] = useState('');
  const [isActive, setIsActive] = useState<StaffFilters['isActive']>('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const staff = useStaffList(orgGuid, page + 1, { search: debouncedSearch, teamLabel, isActive });
  const filtered = debouncedSearch !== '' || teamLabel !== '' || isActive !== '';

  return (
    <>
      <PageTitle
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              Invite staff member
            </Button>
          ) : undefined
        }
      >
        User Management
      </PageTitle>
      <PageIntro>The staff of your organization: their roles, teams and whether they can sign in.</PageIntro>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          id="staff-search"
          label="Search staff"
          placeholder="Name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flexGrow: 1, maxWidth: { md: 420 } }}
        />
        <TextField
          select
          id="staff-team-filter"
          label="Team label"
          value={teamLabel}
          onChange={(event) => {
            setTeamLabel(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All teams</MenuItem>
          {TEAM_LABEL_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="staff-active-filter"
          label="Active"
          value={isActive}
          onChange={(event) => {
            setIsActive(event.target.value as StaffFilters['isActive']);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Active and disabled</MenuItem>
          <MenuItem value="true">Active only</MenuItem>
          <MenuItem value="false">Disabled only</MenuItem>
        </TextField>
      </Stack>
      <QueryStates
        query={staff}
        loadingLabel="Loading staff…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title={filtered ? 'No staff members match these filters.' : 'No staff members yet.'}>
            {filtered ? 'Clear the search or choose other filters.' : null}
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Staff"
            columns={STAFF_COLUMNS}
            rows={data.results}
            rowKey={(user) => user.guid}
            paging={{ count: data.count, page, pageSize: STAFF_PAGE_SIZE, onPageChange: setPage }}
            onRowClick={(user) => navigate(staffUserPagePath(user.guid))}
            updating={staff.isFetching}
          />
        )}
      </QueryStates>
      <InviteStaffDialog
        orgGuid={orgGuid}
        open={inviting}
        onClose={() => setInviting(false)}
        callerRole={catalogue.data?.role}
      />
    </>
  );
}

/** A click on a row opens the member; the name is the link that does the same from the keyboard. */
const STAFF_COLUMNS: DataColumn<StaffUser>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (user) => (
      <Link
        component={RouterLink}
        to={staffUserPagePath(user.guid)}
        onClick={(event) => event.stopPropagation()}
      >
        {personName(user)}
      </Link>
    ),
  },
  { key: 'email', header: 'E-mail', render: (user) => user.email },
  { key: 'role', header: 'Role', render: (user) => roleLabel(user.role) },
  { key: 'team', header: 'Team label', render: (user) => user.team_label ?? '—' },
  { key: 'status', header: 'Status', render: (user) => user.status_label },
  {
    key: 'active',
    header: 'Active',
    render: (user) => (
      <Chip
        size="small"
        label={user.is_active ? 'Active' : 'Disabled'}
        color={user.is_active ? 'success' : 'default'}
        variant={user.is_active ? 'outlined' : 'filled'}
      />
    ),
  },
];
