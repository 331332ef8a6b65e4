import type { AchExport } from '@bp/contracts';
import { paymentsRoutes } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { downloadFile } from '../../client-records/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { newIdempotencyKey } from '../page/idempotency.ts';
import { accountName, today, useClientAccounts } from '../shared/RecordPaymentDialog.tsx';

const plural = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/**
 * NACHA export of a client's approved ACH payments (decision 015): choose the account and the effective
 * date, get the file, then record all of its payments in one step once the bank has it.
 */
export function AchExportDialog({
  open,
  clientGuid,
  onClose,
  onRecorded,
}: {
  open: boolean;
  clientGuid: string;
  onClose: () => void;
  onRecorded: () => void;
}) {
  const titleId = useId();
  const { api } = useSession();
  const toast = useToast();
  const accounts = useClientAccounts(clientGuid, open);
  const [account, setAccount] = useState('');
  const [effective, setEffective] = useState(today());
  const [made, setMade] = useState<AchExport | null>(null);
  const key = useRef(newIdempotencyKey());
  const list = accounts.data?.results ?? [];
  useEffect(() => {
    if (open) {
      setMade(null);
      setEffective(today());
      setAccount('');
      key.current = newIdempotencyKey();
    }
  }, [open]);
  useEffect(() => {
    if (open && list.length === 1 && account === '') setAccount(list[0]?.guid ?? '');
  }, [open, list, account]);

  const create = useMutation({
    mutationFn: () =>
      api.call(paymentsRoutes.postBillingClientAchExports, {
        params: { clientGuid },
        body: { paid_from_account: account, effective_date: effective },
      }),
    onSuccess: (answer) => setMade(answer),
  });
  const download = useMutation({
    mutationFn: (exported: AchExport) =>
      downloadFile(
        api,
        paymentsRoutes.getBillingClientAchExportFile,
        { params: { clientGuid, exportGuid: exported.guid } },
        `${exported.batch_reference}.ach`,
      ),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  const record = useMutation({
    mutationFn: (exported: AchExport) =>
      api.call(paymentsRoutes.postBillingClientAchExportRecordPayments, {
        params: { clientGuid, exportGuid: exported.guid },
        body: { payment_date: today() },
        headers: { 'Idempotency-Key': key.current },
      }),
    onSuccess: (answer) => {
      toast.success(`${plural(answer.entry_count)} recorded.`);
      onRecorded();
      onClose();
    },
  });
  const busy = create.isPending || record.isPending;

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Export ACH payments</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <Alert severity="success">
              {plural(made.entry_count)} in {made.batch_reference}, total {formatMoney(made.total_amount)},
              effective {formatDate(made.effective_date)}.
            </Alert>
            {made.missing_bank_account.length > 0 ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {made.missing_bank_account.length} bill
                {made.missing_bank_account.length === 1 ? ' was' : 's were'} left out:{' '}
                {made.missing_bank_account.length === 1 ? 'its vendor has' : 'their vendors have'} no bank
                account.
              </Alert>
            ) : null}
            <Box component="ul" aria-label="Payments in the file" sx={{ pl: 2 }}>
              {made.bills.map((bill) => (
                <Typography component="li" key={bill.guid} variant="body2">
                  {bill.vendor} · {formatMoney(bill.amount)} · trace {bill.trace_number}
                </Typography>
              ))}
            </Box>
            <DialogContentText>
              Send the file to the bank. Once it is accepted, record the payments: each bill becomes paid
              today with its trace number.
            </DialogContentText>
            {record.isError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {apiErrorMessage(record.error)}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button loading={download.isPending} onClick={() => download.mutate(made)}>
              Download file
            </Button>
            <Button
              variant="contained"
              color="success"
              loading={record.isPending}
              onClick={() => record.mutate(made)}
            >
              Record {plural(made.entry_count)} ({formatMoney(made.total_amount)})
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <DialogContentText>
              The client's ACH bills waiting for payment that you may pay go into one NACHA file. Bills
              already in an unrecorded file are left out, so nothing is sent twice.
            </DialogContentText>
            <TextField
              select
              id={`${titleId}-account`}
              label="Paid from account"
              required
              value={account}
              onChange={(event) => setAccount(event.target.value)}
              fullWidth
              margin="normal"
              disabled={busy || accounts.isPending}
            >
              {list.map((item) => (
                <MenuItem key={item.guid} value={item.guid}>
                  {accountName(item)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              id={`${titleId}-effective`}
              label="Effective date"
              type="date"
              required
              value={effective}
              onChange={(event) => setEffective(event.target.value)}
              fullWidth
              margin="normal"
              disabled={busy}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {create.isError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {apiErrorMessage(create.error)}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="contained"
              loading={create.isPending}
              disabled={account === '' || effective === ''}
              onClick={() => create.mutate()}
            >
              Create file
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
