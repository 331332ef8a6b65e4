import type { ParentVendorSummary } from '@bp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { DataTable, EmptyState, PageTitle, QueryStates, SearchField } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { ParentVendorDialog } from './ParentVendorDialog.tsx';
import { SimilarVendorsDialog } from './SimilarVendorsDialog.tsx';
import { VerificationChip } from './VerificationChip.tsx';
import { useParentVendors, useVendorPermissions, VENDORS_PAGE_SIZE } from './vendors-api.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** /parent-vendors and /parent-vendors/inactive (VENDOR_MANAGEMENT; the route rules send others home). */
export function ParentVendorsPage({ inactive = false }: { inactive?: boolean }) {
  const { organization } = useSession();
  const title = inactive ? 'Inactive Parent Vendors' : 'Parent Vendors';
  if (!organization) {
    return (
      <Box>
        <PageTitle>{title}</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to see its vendors.</EmptyState>
      </Box>
    );
  }
  return (
    <ParentVendorList key={String(inactive)} orgGuid={organization.guid} inactive={inactive} title={title} />
  );
}

export function InactiveParentVendorsPage() {
  return <ParentVendorsPage inactive />;
}

function ParentVendorList({
  orgGuid,
  inactive,
  title,
}: {
  orgGuid: string;
  inactive: boolean;
  title: string;
}) {
  const can = useVendorPermissions(orgGuid);
  const canEdit = can('vendors.manage');
  const canMerge = can('vendors.merge');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState({ open: false, openedAt: 0 });
  const [similarTo, setSimilarTo] = useState<ParentVendorSummary | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useParentVendors(orgGuid, page + 1, debouncedSearch, inactive);

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={inactive ? '/parent-vendors' : '/parent-vendors/inactive'}>
              {inactive ? 'Active parent vendors' : 'Inactive parent vendors'}
            </Button>
            {canEdit && !inactive ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setCreating((c) => ({ open: true, openedAt: c.openedAt + 1 }))}
              >
                New parent vendor
              </Button>
            ) : null}
          </Stack>
        }
      >
        {title}
      </PageTitle>
      <PageIntro>
        {inactive
          ? 'Parent vendors deactivated or merged into another. Open one to reactivate it.'
          : "One record per payee, shared by your clients' vendors: merge duplicates, and verify changed payment details by a call-back before anyone is paid."}
      </PageIntro>
      <SearchField
        id="parent-vendor-search"
        label="Search parent vendors"
        placeholder="Name, city or tax ID"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        fullWidth
        sx={{ mb: 2, maxWidth: 420 }}
      />
      <QueryStates
        query={list}
        loadingLabel="Loading parent vendors…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            title={
              debouncedSearch
                ? 'No parent vendors match your search.'
                : inactive
                  ? 'No inactive parent vendors.'
                  : 'No parent vendors yet.'
            }
          />
        }
      >
        {(data) => (
          <DataTable
            label={title}
            columns={[
              {
                key: 'name',
                header: 'Name',
                render: (v) => (
                  <Link component={RouterLink} to={`/parent-vendors/${v.guid}`}>
                    {v.name}
                  </Link>
                ),
              },
              { key: 'tax', header: 'Tax ID', render: (v) => v.tax_id_number ?? '—' },
              {
                key: 'place',
                header: 'City',
                render: (v) => [v.city, v.state].filter(Boolean).join(', ') || '—',
              },
              { key: 'vendors', header: 'Vendors linked', align: 'right', render: (v) => v.vendor_count },
              {
                key: 'status',
                header: 'Status',
                render: (v) =>
                  v.is_active ? (
                    <VerificationChip status={v.verification_status} />
                  ) : (
                    <Chip label="Inactive" size="small" />
                  ),
              },
              ...(inactive
                ? []
                : [
                    {
                      key: 'similar',
                      header: 'Similar',
                      align: 'right' as const,
                      render: (v: ParentVendorSummary) => (
                        <Button
                          size="small"
                          onClick={() => setSimilarTo(v)}
                          aria-label={`Similar to ${v.name}`}
                        >
                          Similar
                        </Button>
                      ),
                    },
                  ]),
            ]}
            rows={data.results}
            rowKey={(v) => v.guid}
            paging={{ count: data.count, page, pageSize: VENDORS_PAGE_SIZE, onPageChange: setPage }}
            updating={list.isFetching}
          />
        )}
      </QueryStates>
      <ParentVendorDialog
        open={canEdit && creating.open}
        orgGuid={orgGuid}
        vendor={null}
        openedAt={creating.openedAt}
        onClose={() => setCreating((c) => ({ ...c, open: false }))}
      />
      <SimilarVendorsDialog
        orgGuid={orgGuid}
        vendor={similarTo}
        canMerge={canMerge}
        onClose={() => setSimilarTo(null)}
      />
    </Box>
  );
}
