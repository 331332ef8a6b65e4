import type { ApiClient } from '@bp/api-client';
import { type BillSummary, billSearchRoutes, DEFAULT_PAGE_SIZE } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import {
  type DataColumn,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
  useToast,
} from '../../ui/index.ts';
import { clientBillPagePath, staffBillPagePath } from '../bill-lists/index.ts';
import { BILLS_KEY, BillStatusChip } from '../bills/shared/index.ts';
import { downloadFile, orDash } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { CURSOR_PARAM, cursorForPage, keysetPaging } from '../shared/cursor-paging.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { SearchFilters, type SearchScope } from './SearchFilters.tsx';
import {
  DEFAULT_SEARCH_ORDERING,
  formToParams,
  hasFilters,
  ORDERING_PARAM,
  PAGE_PARAM,
  pageOf,
  paramsToForm,
  paramsToRequest,
  type SearchRequest,
} from './search-params.ts';

type ExportFormat = 'csv' | 'xlsx';

/**
 * /advanced-search for staff (every bill of the organisation, narrowed by client) and for client users
 * (the selected client's bills). The filters live in the url: Search pushes a history entry, so Back
 * returns to the previous search and a copied link opens the same results.
 */
export function AdvancedSearchPage() {
  const { claims, organization, client } = useSession();
  const scope: SearchScope | null =
    claims?.type === 'bporg'
      ? organization
        ? { kind: 'organization', orgGuid: organization.guid }
        : null
      : client
        ? { kind: 'client', clientGuid: client.guid }
        : null;
  if (!scope) {
    return (
      <>
        <PageTitle>Advanced Search</PageTitle>
        <EmptyState title={claims?.type === 'bporg' ? 'No organization chosen yet.' : 'No client selected.'}>
          Choose one to search its bills.
        </EmptyState>
      </>
    );
  }
  return <AdvancedSearch scope={scope} />;
}

/** The request's filters as the API's query: the scalar filters and the chosen statuses, if any. */
const searchQuery = (request: SearchRequest) =>
  request.statuses.length > 0 ? { ...request.query, status: request.statuses } : request.query;

/** One page of the search, on the organisation's bills or the client's. */
function searchPage(
  api: ApiClient,
  scope: SearchScope,
  request: SearchRequest,
  page: number,
  cursor: string | undefined,
  signal: AbortSignal,
) {
  const query = {
    ...searchQuery(request),
    page,
    page_size: DEFAULT_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  };
  return scope.kind === 'organization'
    ? api.call(billSearchRoutes.getBillingOrganizationAdvancedSearch, {
        params: { organizationGuid: scope.orgGuid },
        query,
        signal,
      })
    : api.call(billSearchRoutes.getBillingClientAdvancedSearch, {
        params: { clientGuid: scope.clientGuid },
        query,
        signal,
      });
}

/** Every bill the search matches, as a CSV or XLSX file. */
function downloadExport(api: ApiClient, scope: SearchScope, request: SearchRequest, format: ExportFormat) {
  const query = { ...searchQuery(request), format };
  const fallbackName = `bills.${format}`;
  return scope.kind === 'organization'
    ? downloadFile(
        api,
        billSearchRoutes.getBillingOrganizationAdvancedSearchExport,
        { params: { organizationGuid: scope.orgGuid }, query },
        fallbackName,
      )
    : downloadFile(
        api,
        billSearchRoutes.getBillingClientAdvancedSearchExport,
        { params: { clientGuid: scope.clientGuid }, query },
        fallbackName,
      );
}

function AdvancedSearch({ scope }: { scope: SearchScope }) {
  const { api } = useSession();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const cursor = page > 1 ? (searchParams.get(CURSOR_PARAM) ?? undefined) : undefined;
  const ordering = searchParams.get(ORDERING_PARAM) || DEFAULT_SEARCH_ORDERING;
  const formValues = useMemo(() => paramsToForm(searchParams), [searchParams]);
  const request = useMemo(() => paramsToRequest(searchParams), [searchParams]);
  const filtered = hasFilters(searchParams);

  const results = useQuery({
    queryKey: [...BILLS_KEY, 'advanced-search', scope, request, page, cursor],
    queryFn: ({ signal }) => searchPage(api, scope, request, page, cursor, signal),
    placeholderData: keepPreviousData,
  });

  const download = useMutation({
    mutationFn: (format: ExportFormat) => downloadExport(api, scope, request, format),
    onSuccess: () => toast.success('Export downloaded.'),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      change(next);
      return next;
    });

  const columns = resultColumns(scope);
  const rows = results.data?.results ?? [];

  return (
    <>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1}>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<FileDownloadIcon />}
                loading={download.isPending && download.variables === format}
                disabled={download.isPending}
                onClick={() => download.mutate(format)}
              >
                Export {format.toUpperCase()}
              </Button>
            ))}
          </Stack>
        }
      >
        Advanced Search
      </PageTitle>
      <PageIntro>
        Find bills by vendor, amount, dates, status, entity, memo or invoice number. Exports hold every bill
        the filters match.
      </PageIntro>
      <SearchFilters
        scope={scope}
        values={formValues}
        onSearch={(values) => setSearchParams(formToParams(values, searchParams.get(ORDERING_PARAM)))}
        onClear={() => setSearchParams(new URLSearchParams())}
      />
      {results.isPending ? (
        <LoadingState label="Searching bills…" />
      ) : results.isError ? (
        <ErrorState message={apiErrorMessage(results.error)} onRetry={() => void results.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        filtered ? (
          <EmptyState title="No bills match these filters.">
            Change or clear the filters to see more bills.
          </EmptyState>
        ) : (
          <EmptyState title="No bills yet.">Bills will be listed here once they are entered.</EmptyState>
        )
      ) : (
        <>
          <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
            {results.data.count_capped
              ? `More than ${results.data.count.toLocaleString('en-US')} bills found`
              : results.data.count === 1
                ? '1 bill found'
                : `${results.data.count} bills found`}
          </Typography>
          <DataTable
            label="Search results"
            columns={columns}
            rowKey={(row) => row.guid}
            rows={rows}
            paging={keysetPaging(results.data, page, DEFAULT_PAGE_SIZE, (next) => {
              // One step forward or back follows the answer's link; the cursor stays in the url.
              const nextCursor = cursorForPage(results.data, page, next + 1);
              update((params) => {
                if (next === 0) params.delete(PAGE_PARAM);
                else params.set(PAGE_PARAM, String(next + 1));
                if (nextCursor && next > 0) params.set(CURSOR_PARAM, nextCursor);
                else params.delete(CURSOR_PARAM);
              });
            })}
            ordering={ordering}
            onOrderingChange={(next) =>
              update((params) => {
                params.set(ORDERING_PARAM, next);
                params.delete(PAGE_PARAM);
                params.delete(CURSOR_PARAM);
              })
            }
            updating={results.isFetching}
          />
        </>
      )}
    </>
  );
}

function resultColumns(scope: SearchScope): DataColumn<BillSummary>[] {
  const staff = scope.kind === 'organization';
  const columns: DataColumn<BillSummary>[] = [
    {
      key: 'vendor',
      header: 'Vendor',
      render: (row) => (
        <Link
          component={RouterLink}
          to={staff ? staffBillPagePath(row.client.guid, row.guid) : clientBillPagePath(row.guid)}
          sx={{ fontWeight: 600 }}
        >
          {row.vendor.name}
        </Link>
      ),
    },
    { key: 'entity', header: 'Entity', render: (row) => row.entity.nickname },
    { key: 'invoice', header: 'Invoice #', render: (row) => orDash(row.invoice_number) },
    { key: 'due', header: 'Due Date', sortField: 'due_date', render: (row) => formatDate(row.due_date) },
    { key: 'paid', header: 'Paid Date', render: (row) => orDash(formatDate(row.paid_date)) },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      sortField: 'amount',
      render: (row) => formatMoney(row.amount),
    },
    { key: 'status', header: 'Status', render: (row) => <BillStatusChip status={row.status} /> },
  ];
  if (staff) columns.splice(1, 0, { key: 'client', header: 'Client', render: (row) => row.client.name });
  return columns;
}
