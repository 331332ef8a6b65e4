import type { PossibleDuplicate } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BillStatusChip } from '../shared/BillStatusChip.tsx';
import { billPagePath } from '../shared/bill-api.ts';

const REASON_WORDS = {
  invoice_number: 'same invoice number',
  amount_and_invoice_date: 'same amount, invoice dates within 7 days',
} as const;

export interface DuplicateDialogProps {
  clientGuid: string;
  /** The client's bills this one may repeat; the dialog is open while there are some. */
  duplicates: PossibleDuplicate[] | null;
  onContinue: (reason: string) => void;
  onClose: () => void;
}

/**
 * Asked before saving a bill that looks like one the client already has (same vendor and invoice
 * number, or same amount within 7 days, over 18 months): the user sees them and either goes back or
 * saves anyway with a reason, which the bill's timeline records.
 */
export function DuplicateDialog({ clientGuid, duplicates, onContinue, onClose }: DuplicateDialogProps) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  const open = duplicates !== null && duplicates.length > 0;
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Possible duplicate bill</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The client already has {duplicates?.length === 1 ? 'a bill' : 'bills'} like this one. Check before
          paying twice.
        </DialogContentText>
        <List dense aria-label="Similar bills">
          {(duplicates ?? []).map((bill) => (
            <ListItem key={bill.guid} secondaryAction={<BillStatusChip status={bill.status} />}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={billPagePath(clientGuid, bill.guid)} target="_blank">
                    {bill.vendor.name} · {formatMoney(bill.amount)}
                    {bill.invoice_number ? ` · invoice ${bill.invoice_number}` : ''}
                  </Link>
                }
                secondary={`${bill.entity.nickname} · invoice date ${
                  bill.invoice_date ? formatDate(bill.invoice_date) : 'none'
                } · ${bill.reasons.map((r) => REASON_WORDS[r]).join('; ')}`}
              />
            </ListItem>
          ))}
        </List>
        <TextField
          label="Why enter it anyway?"
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          helperText="Recorded on the bill's timeline."
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Go back</Button>
        <Button
          variant="contained"
          color="warning"
          disabled={reason.trim() === ''}
          onClick={() => {
            onContinue(reason.trim());
            setReason('');
          }}
        >
          Save anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
