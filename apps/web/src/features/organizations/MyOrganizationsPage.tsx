import type { Organization } from '@bp/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { formatRole, initials } from '../shared/format.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useOrganizations } from './useOrganizations.ts';

function unreadLabel(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

export function MyOrganizationsPage() {
  const session = useSession();
  const organizations = useOrganizations();
  const currentGuid = session.organization?.guid ?? null;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle>Switch to Organization</PageTitle>
      <PageIntro>Choose the organisation you want to work in.</PageIntro>
      {organizations.isPending ? (
        <LoadingState label="Loading your organisations…" />
      ) : organizations.isError ? (
        <ErrorState
          message={apiErrorMessage(organizations.error)}
          onRetry={() => void organizations.refetch()}
        />
      ) : organizations.data.results.length === 0 ? (
        <EmptyState title="You are not a member of any organisation.">
          Ask an administrator of your organisation to add you.
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Organisations">
            {organizations.data.results.map((org) => (
              <OrganizationRow
                key={org.guid}
                org={org}
                current={org.guid === currentGuid}
                onSelect={() => session.selectOrganization(org)}
              />
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}

interface OrganizationRowProps {
  org: Organization;
  current: boolean;
  onSelect: () => void;
}

function OrganizationRow({ org, current, onSelect }: OrganizationRowProps) {
  const role = org.team_label ? `${formatRole(org.role)} · ${org.team_label}` : formatRole(org.role);
  return (
    <ListItemButton divider selected={current} aria-current={current ? 'true' : undefined} onClick={onSelect}>
      <ListItemAvatar>
        <Avatar sx={{ bgcolor: 'primary.main' }}>{initials(org.name)}</Avatar>
      </ListItemAvatar>
      <ListItemText primary={org.name} secondary={role} />
      <Stack direction="row" spacing={1} sx={{ ml: 2, flexShrink: 0 }}>
        {current ? <Chip label="Current" color="primary" size="small" /> : null}
        {org.unread_count > 0 ? (
          <Chip label={unreadLabel(org.unread_count)} color="secondary" variant="outlined" size="small" />
        ) : null}
      </Stack>
    </ListItemButton>
  );
}
