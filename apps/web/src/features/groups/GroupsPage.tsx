import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { PageTitle } from '../../ui/index.ts';
import { OrgGroupsSection } from '../settings/OrgGroupsSection.tsx';
import { WithOrganization } from '../settings/WithOrganization.tsx';
import { PageIntro } from '../shared/PageIntro.tsx';
import { usePermissionCatalogue } from './usePermissionCatalogue.ts';

/** /groups: the organisation's groups; those who may manage groups can add and edit them. */
export function GroupsPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <WithOrganization title="Groups">{(orgGuid) => <Groups orgGuid={orgGuid} />}</WithOrganization>
    </Box>
  );
}

function Groups({ orgGuid }: { orgGuid: string }) {
  const catalogue = usePermissionCatalogue(orgGuid);
  const held = catalogue.data?.effective_permissions ?? [];
  return (
    <>
      <PageTitle>Groups</PageTitle>
      <PageIntro>Groups give their members permissions beyond their role.</PageIntro>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <OrgGroupsSection orgGuid={orgGuid} canManage={held.includes('groups.manage')} />
      </Paper>
    </>
  );
}
