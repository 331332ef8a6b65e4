import type { ReportType } from '@bp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { hasFeature } from '../../session/user-kind.ts';
import { type DataColumn, DataTable, EmptyState, PageTitle, QueryStates } from '../../ui/index.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { CreateReportDialog } from './CreateReportDialog.tsx';
import { QuantitiesGrid } from './QuantitiesGrid.tsx';
import { ReportsList } from './ReportsList.tsx';
import { useClientPage, useInvalidateReports, useReportClient } from './reports-api.ts';

/** Staff of the chosen organisation holding reports.manage. */
export function useCanManageReports(): boolean {
  const { organization } = useSession();
  const catalogue = usePermissionCatalogue(organization?.guid ?? null);
  return catalogue.data?.effective_permissions.includes('reports.manage') ?? false;
}

const noOrganization = (
  <EmptyState title="No organization Selected.">Choose an organization to see its reports.</EmptyState>
);

/** /reports for staff: the organisation's reports across its clients, with the year/month grid. */
export function OrganizationReportsPage() {
  const { organization } = useSession();
  const canManage = useCanManageReports();
  const [type, setType] = useState<ReportType | ''>('');
  if (!organization) return noOrganization;
  const scope = { organizationGuid: organization.guid };
  return (
    <Box>
      <PageTitle
        actions={
          <Button component={RouterLink} to="/client-reports">
            Reports by client
          </Button>
        }
      >
        Reports
      </PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <QuantitiesGrid scope={scope} type={type} />
      </Paper>
      <ReportsList scope={scope} canManage={canManage} type={type} onTypeChange={setType} />
    </Box>
  );
}

interface ClientRow {
  guid: string;
  name: string;
}

/** /client-reports: the organisation's clients, each opening its reports. */
export function ClientReportsIndexPage() {
  const { organization } = useSession();
  const [page, setPage] = useState(0);
  const list = useClientPage(organization?.guid ?? '', page + 1);
  if (!organization) return noOrganization;
  const columns: DataColumn<ClientRow>[] = [
    {
      key: 'name',
      header: 'Client',
      rowHeader: true,
      render: (c) => (
        <Link component={RouterLink} to={`/reports/client/${c.guid}`}>
          {c.name}
        </Link>
      ),
    },
  ];
  return (
    <Box>
      <PageTitle>Client Reports</PageTitle>
      <PageIntro>Open a client to see, upload and generate its reports.</PageIntro>
      <QueryStates
        query={list}
        loadingLabel="Loading clients…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={<EmptyState title="No clients yet.">Clients you add are listed here.</EmptyState>}
      >
        {(data) => (
          <DataTable
            label="Clients"
            columns={columns}
            rowKey={(c) => c.guid}
            rows={data.results as ClientRow[]}
            paging={{ count: data.count, page, pageSize: 10, onPageChange: setPage }}
            updating={list.isFetching}
          />
        )}
      </QueryStates>
    </Box>
  );
}

/** One client's reports: staff see Create, Upload, Generate and Move back; client users read. */
function ClientReports({
  clientGuid,
  title,
  canManage,
}: {
  clientGuid: string;
  title: string;
  canManage: boolean;
}) {
  const [type, setType] = useState<ReportType | ''>('');
  const [creating, setCreating] = useState(false);
  const invalidate = useInvalidateReports();
  return (
    <Box>
      <PageTitle
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              New report
            </Button>
          ) : undefined
        }
      >
        {title}
      </PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <QuantitiesGrid scope={{ clientGuid }} type={type} />
      </Paper>
      <ReportsList scope={{ clientGuid }} canManage={canManage} type={type} onTypeChange={setType} />
      {canManage ? (
        <CreateReportDialog
          open={creating}
          clientGuid={clientGuid}
          onCreated={invalidate}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Box>
  );
}

/** /reports/client/{clientGuid}: a client's reports for staff. */
export function StaffClientReportsPage() {
  const { clientGuid = '' } = useParams();
  const { organization } = useSession();
  const canManage = useCanManageReports();
  const client = useReportClient(organization?.guid ?? '', clientGuid);
  return (
    <ClientReports
      key={clientGuid}
      clientGuid={clientGuid}
      title={client.data ? `Reports: ${client.data.name}` : 'Client Reports'}
      canManage={canManage}
    />
  );
}

/** The books' financial statements (issue 17), loaded only for users whose Books feature is on. */
const ClientBooksReports = lazy(() =>
  import('../books/ClientBooksViews.tsx').then((m) => ({ default: m.ClientBooksReports })),
);

/** /reports for client users: the selected client's reports, read only, and its books' statements. */
export function ClientOwnReportsPage() {
  const { client, profile } = useSession();
  if (!client)
    return <EmptyState title="No client selected.">Choose a client to see its reports.</EmptyState>;
  return (
    <>
      <ClientReports key={client.guid} clientGuid={client.guid} title="Reports" canManage={false} />
      {hasFeature(profile, 'BOOKS') ? (
        <Suspense fallback={null}>
          <ClientBooksReports clientGuid={client.guid} />
        </Suspense>
      ) : null}
    </>
  );
}
