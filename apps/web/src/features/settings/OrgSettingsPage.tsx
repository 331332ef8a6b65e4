import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState, PageTitle } from '../../ui/index.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { MailServicePanel } from '../mail-scan/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { OrgDetailsForm } from './OrgDetailsForm.tsx';
import { OrgGroupsSection } from './OrgGroupsSection.tsx';
import { useOrganizationDetail } from './useOrganizationDetail.ts';
import { WithOrganization } from './WithOrganization.tsx';

/** /settings (admins only; the route rules send others home): details, policies and groups. */
export function OrgSettingsPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <WithOrganization title="Org Settings">
        {(orgGuid) => <OrgSettings orgGuid={orgGuid} />}
      </WithOrganization>
    </Box>
  );
}

function OrgSettings({ orgGuid }: { orgGuid: string }) {
  const org = useOrganizationDetail(orgGuid);
  const catalogue = usePermissionCatalogue(orgGuid);
  const held = catalogue.data?.effective_permissions ?? [];

  return (
    <>
      <PageTitle>Org Settings</PageTitle>
      <PageIntro>
        Your organization's details, the policies every staff member follows, and its groups.
      </PageIntro>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2">
          Details and policies
        </Typography>
        {org.isPending ? (
          <LoadingState label="Loading your organization…" />
        ) : org.isError ? (
          <ErrorState message={apiErrorMessage(org.error)} onRetry={() => void org.refetch()} />
        ) : (
          <OrgDetailsForm
            key={org.data.updated_on}
            org={org.data}
            canEdit={held.includes('organization.manage')}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <OrgGroupsSection orgGuid={orgGuid} canManage={held.includes('groups.manage')} />
      </Paper>
      {held.includes('integrations.manage') ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
          <MailServicePanel orgGuid={orgGuid} />
        </Paper>
      ) : null}
    </>
  );
}
