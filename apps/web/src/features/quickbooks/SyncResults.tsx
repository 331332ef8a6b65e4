import type { QboSync, QboSyncResult } from '@bp/contracts';
import { formatDate } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type DataColumn, DataTable } from '../../ui/index.ts';

const ACTION_COLORS = { created: 'success', updated: 'info', skipped: 'default', failed: 'error' } as const;

const columns: DataColumn<QboSyncResult>[] = [
  { key: 'object', header: 'Object', render: (r) => r.object },
  { key: 'name', header: 'Name', render: (r) => r.name, rowHeader: true },
  {
    key: 'action',
    header: 'Result',
    render: (r) => <Chip size="small" label={r.action} color={ACTION_COLORS[r.action]} variant="outlined" />,
  },
  { key: 'message', header: 'Message', render: (r) => r.message ?? '' },
];

/** When a sync ran and what came of it: counts, the whole sync's error, and the per-object result list. */
export function SyncResults({ sync, title = 'Last sync' }: { sync: QboSync; title?: string }) {
  const { created, updated, skipped, failed } = sync.counts;
  return (
    <Box>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {title}: {sync.status === 'succeeded' ? 'succeeded' : sync.status}
        {sync.finished_on ? ` on ${formatDate(sync.finished_on)}` : ''}
      </Typography>
      {sync.error ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {sync.error}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {created} created, {updated} updated, {skipped} unchanged, {failed} failed
      </Typography>
      {sync.results.length > 0 ? (
        <DataTable
          label={`${title} results`}
          columns={columns}
          rows={sync.results}
          rowKey={(r) => `${r.object}-${r.qbo_id ?? r.name}-${r.action}`}
        />
      ) : null}
    </Box>
  );
}
