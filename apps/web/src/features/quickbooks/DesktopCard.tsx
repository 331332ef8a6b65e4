import type { QbdCompanyFile } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  ConfirmDialog,
  type DataColumn,
  DataTable,
  errorMessageOf,
  QueryStates,
  useToast,
} from '../../ui/index.ts';
import {
  type EntityRef,
  useAddCompanyFile,
  useCompanyFileBills,
  useCompanyFiles,
  useDeactivateCompanyFile,
  useDownloadQwc,
  useResetCompanyFilePassword,
} from './quickbooks-api.ts';

/**
 * The entity's QuickBooks Desktop company files (Web Connector): add one (its password shown once),
 * download its .qwc, see its last session and errors, and its bills.
 */
export function DesktopCard({ entity, canManage }: { entity: EntityRef; canManage: boolean }) {
  const files = useCompanyFiles(entity);
  const add = useAddCompanyFile(entity);
  const toast = useToast();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ name: string; username: string; password: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    add.mutate(name.trim(), {
      onSuccess: (file) => {
        setName('');
        setSecret({ name: file.name, username: file.username, password: file.password });
      },
      onError: (error) => toast.error(errorMessageOf(error)),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="QuickBooks Desktop">
      <Typography variant="h6" component="h4" sx={{ mb: 1 }}>
        QuickBooks Desktop
      </Typography>
      <QueryStates
        query={files}
        loadingLabel="Loading the company files"
        errorMessage={errorMessageOf}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <Typography sx={{ mb: 2 }}>No company file is served through the Web Connector yet.</Typography>
        }
      >
        {(data) => (
          <Stack spacing={2} sx={{ mb: 2 }}>
            {data.results.map((file) => (
              <CompanyFile
                key={file.guid}
                entity={entity}
                file={file}
                canManage={canManage}
                onSecret={setSecret}
              />
            ))}
          </Stack>
        )}
      </QueryStates>
      {canManage ? (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Company file name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button type="submit" variant="outlined" loading={add.isPending} disabled={!name.trim()}>
            Add company file
          </Button>
        </Box>
      ) : null}
      <Dialog open={secret !== null} onClose={() => setSecret(null)} aria-labelledby="qbwc-password-title">
        <DialogTitle id="qbwc-password-title">Web Connector password for {secret?.name}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>
            Download the .qwc file, open it in the QuickBooks Web Connector, and type this password there. It
            is shown only now: keep it in the Web Connector, not elsewhere.
          </Typography>
          <Typography>
            User name: <strong>{secret?.username}</strong>
          </Typography>
          <Typography>
            Password: <strong data-testid="qbwc-password">{secret?.password}</strong>
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSecret(null)} variant="contained">
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function CompanyFile({
  entity,
  file,
  canManage,
  onSecret,
}: {
  entity: EntityRef;
  file: QbdCompanyFile;
  canManage: boolean;
  onSecret: (secret: { name: string; username: string; password: string }) => void;
}) {
  const toast = useToast();
  const qwc = useDownloadQwc(entity);
  const reset = useResetCompanyFilePassword(entity);
  const deactivate = useDeactivateCompanyFile(entity);
  const [confirming, setConfirming] = useState(false);
  const [showBills, setShowBills] = useState(false);
  const session = file.last_session;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {file.name} {file.is_active ? '' : '(stopped)'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Web Connector user {file.username} · {file.bills} bills
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {session
          ? `Last Web Connector session: ${formatDate(session.started_on)}, ${session.status === 'done' ? 'completed' : session.status === 'open' ? 'running' : 'finished with errors'}`
          : 'The Web Connector has not called yet.'}
      </Typography>
      {session?.errors.map((e) => (
        <Alert key={`${e.request}-${e.status_code}-${e.message}`} severity="error" sx={{ mt: 1 }}>
          {e.request} ({e.status_code}): {e.message}
        </Alert>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {canManage ? (
          <>
            <Button
              size="small"
              onClick={() =>
                qwc.mutate(
                  { companyFileGuid: file.guid, name: file.name },
                  { onError: (e) => toast.error(errorMessageOf(e)) },
                )
              }
              loading={qwc.isPending}
            >
              Download .qwc
            </Button>
            <Button
              size="small"
              onClick={() =>
                reset.mutate(file.guid, {
                  onSuccess: (f) => onSecret({ name: f.name, username: f.username, password: f.password }),
                  onError: (e) => toast.error(errorMessageOf(e)),
                })
              }
              loading={reset.isPending}
            >
              New password
            </Button>
            {file.is_active ? (
              <Button size="small" color="error" onClick={() => setConfirming(true)}>
                Stop serving
              </Button>
            ) : null}
          </>
        ) : null}
        <Button size="small" onClick={() => setShowBills((v) => !v)} aria-expanded={showBills}>
          {showBills ? 'Hide bills' : 'Show bills'}
        </Button>
      </Stack>
      {showBills ? <CompanyFileBills entity={entity} companyFileGuid={file.guid} /> : null}
      <ConfirmDialog
        open={confirming}
        title={`Stop serving ${file.name}?`}
        confirmLabel="Stop serving"
        destructive
        pending={deactivate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deactivate.mutate(file.guid, {
            onSuccess: () => setConfirming(false),
            onError: (e) => toast.error(errorMessageOf(e)),
          })
        }
      >
        The Web Connector’s login for this file stops working; a new password starts it again.
      </ConfirmDialog>
    </Box>
  );
}

interface QbdBillRow {
  guid: string;
  txn_id: string | null;
  vendor_name: string | null;
  ref_number: string | null;
  due_date: string | null;
  amount: number;
  status: 'in_file' | 'to_add' | 'added' | 'failed';
  error: string | null;
}
const BILL_STATUS = {
  in_file: 'In the file',
  to_add: 'Waiting to be added',
  added: 'Added from here',
  failed: 'Not added',
};
const billColumns: DataColumn<QbdBillRow>[] = [
  { key: 'vendor', header: 'Vendor', render: (b) => b.vendor_name ?? '', rowHeader: true },
  { key: 'ref', header: 'Ref. no.', render: (b) => b.ref_number ?? '' },
  { key: 'due', header: 'Due', render: (b) => (b.due_date ? formatDate(b.due_date) : '') },
  { key: 'amount', header: 'Amount', render: (b) => formatMoney(b.amount), align: 'right' },
  { key: 'status', header: 'Status', render: (b) => b.error ?? BILL_STATUS[b.status] },
];

function CompanyFileBills({ entity, companyFileGuid }: { entity: EntityRef; companyFileGuid: string }) {
  const [page, setPage] = useState(0);
  const bills = useCompanyFileBills(entity, companyFileGuid, page + 1);
  return (
    <Box sx={{ mt: 1 }}>
      <DataTable
        label="Bills of the company file"
        columns={billColumns}
        rows={bills.data?.results ?? []}
        rowKey={(b) => b.guid}
        {...(bills.isPending ? { loadingLabel: 'Loading the bills' } : {})}
        empty="No bill read from or added to this file yet."
        paging={{ count: bills.data?.count ?? 0, page, pageSize: 10, onPageChange: setPage }}
      />
    </Box>
  );
}
