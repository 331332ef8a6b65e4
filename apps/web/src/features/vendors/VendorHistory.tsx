import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, EmptyState, QueryStates } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { describeEvent, formatWhen } from './format.ts';
import { useParentVendorHistory, VENDORS_PAGE_SIZE } from './vendors-api.ts';

/** The parent vendor's history and its linked vendors': changes, bank details, screenings, call-backs. */
export function VendorHistory({ orgGuid, guid }: { orgGuid: string; guid: string }) {
  const [page, setPage] = useState(0);
  const history = useParentVendorHistory(orgGuid, guid, page + 1);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        History
      </Typography>
      <QueryStates
        query={history}
        loadingLabel="Loading history…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="Nothing recorded yet." />}
      >
        {(data) => (
          <DataTable
            label="History"
            columns={[
              { key: 'when', header: 'When', render: (e) => formatWhen(e.created_on) },
              { key: 'vendor', header: 'Vendor', render: (e) => e.vendor?.name ?? 'Parent vendor' },
              { key: 'what', header: 'What happened', render: (e) => describeEvent(e) },
              {
                key: 'by',
                header: 'By',
                render: (e) => (e.by ? `${e.by.first_name} ${e.by.last_name}` : '—'),
              },
            ]}
            rows={data.results}
            rowKey={(e) => e.guid}
            paging={{ count: data.count, page, pageSize: VENDORS_PAGE_SIZE, onPageChange: setPage }}
            updating={history.isFetching}
          />
        )}
      </QueryStates>
    </>
  );
}
