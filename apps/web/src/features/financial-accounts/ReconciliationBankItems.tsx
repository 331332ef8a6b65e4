import { bankMatchingRoutes, clientRecordsRoutes, type Reconciliation } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { DataTable, LoadingState, useToast } from '../../ui/index.ts';
import { downloadFile } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A reconciliation's bank items (decision 036): the statements the bank feed filed for its period, and
 * the entity's payments out of the period still unmatched after BANK_UNMATCHED_DAYS.
 */
export function ReconciliationBankItems({ row }: { row: Reconciliation }) {
  const [open, setOpen] = useState(false);
  const { api } = useSession();
  const toast = useToast();
  const params = { clientGuid: row.client.guid, reconciliationGuid: row.guid };
  const items = useQuery({
    queryKey: ['findata', row.client.guid, 'reconciliation', row.guid],
    queryFn: ({ signal }) => api.call(bankMatchingRoutes.getReconciliationBankItems, { params, signal }),
    enabled: open,
  });
  const label = `${row.client.name} ${row.entity.name} ${row.period_end}`;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Bank items of ${label}`}>
        Bank items
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="md"
        aria-labelledby={`bank-items-${row.guid}`}
      >
        <DialogTitle id={`bank-items-${row.guid}`}>Bank items of {label}</DialogTitle>
        <DialogContent>
          {items.isPending ? (
            <LoadingState label="Loading the bank items…" />
          ) : items.isError ? (
            <Typography color="error">{apiErrorMessage(items.error)}</Typography>
          ) : (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                Statements
              </Typography>
              <DataTable
                label="Statements"
                rows={items.data.statements}
                rowKey={(s) => s.guid}
                empty="No statement filed for this period yet."
                columns={[
                  {
                    key: 'period',
                    header: 'Period',
                    rowHeader: true,
                    render: (s) => `${MONTHS[s.month - 1]} ${s.year}`,
                  },
                  {
                    key: 'posted',
                    header: 'Posted',
                    render: (s) => (s.date_posted ? formatDate(s.date_posted) : '—'),
                  },
                ]}
                actions={(s) =>
                  s.document_guid ? (
                    <Button
                      size="small"
                      onClick={() =>
                        downloadFile(
                          api,
                          clientRecordsRoutes.getAccountsClientDocumentDownload,
                          { params: { clientGuid: row.client.guid, documentGuid: s.document_guid ?? '' } },
                          `statement-${s.year}-${String(s.month).padStart(2, '0')}.pdf`,
                        ).catch((error: unknown) => toast.error(apiErrorMessage(error)))
                      }
                    >
                      Download
                    </Button>
                  ) : null
                }
              />
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
                Unmatched payments older than {items.data.older_than_days} days
              </Typography>
              <DataTable
                label="Unmatched payments"
                rows={items.data.unmatched_debits}
                rowKey={(l) => l.guid}
                empty="Every payment of the period is matched to a bill."
                columns={[
                  { key: 'date', header: 'Date', render: (l) => formatDate(l.date) },
                  { key: 'name', header: 'Bank line', rowHeader: true, render: (l) => l.name },
                  { key: 'amount', header: 'Amount', align: 'right', render: (l) => formatMoney(l.amount) },
                ]}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
