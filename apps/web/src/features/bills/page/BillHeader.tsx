import { type Bill, REJECT_REASON_LABELS } from '@bp/contracts';
import {
  formatDate,
  formatMoney,
  INVOICE_SOURCE_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_REFERENCE_LABELS,
} from '@bp/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BillStatusChip } from '../shared/index.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Why the bill stopped: the rejection reason or the requested changes. */
function Outcome({ bill }: { bill: Bill }) {
  if (bill.status === 'rejected' && bill.reject_reason) {
    const label =
      REJECT_REASON_LABELS[bill.reject_reason as keyof typeof REJECT_REASON_LABELS] ?? bill.reject_reason;
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        Rejected: {label}
        {bill.reject_other_description ? ` — ${bill.reject_other_description}` : ''}
      </Alert>
    );
  }
  if (bill.status === 'changes_required' && bill.revise_reason) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Changes requested: {bill.revise_reason}
      </Alert>
    );
  }
  return null;
}

/** Vendor, amount, status and the invoice facts, with Edit and Delete when the caller may use them. */
export function BillHeader({
  bill,
  onEdit,
  onDelete,
}: {
  bill: Bill;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
      component="section"
      aria-label="Bill details"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {formatMoney(bill.amount)}
        </Typography>
        <BillStatusChip status={bill.status} />
        <Box sx={{ flexGrow: 1 }} />
        {bill.can.edit ? (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
            Edit
          </Button>
        ) : null}
        {bill.can.delete ? (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
            Delete
          </Button>
        ) : null}
      </Stack>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 2, mb: 0 }}>
        <Detail label="Vendor">{bill.vendor.name}</Detail>
        <Detail label="Entity">{bill.entity.nickname}</Detail>
        <Detail label="Due date">{formatDate(bill.due_date)}</Detail>
        <Detail label="Invoice number">{bill.invoice_number || '—'}</Detail>
        <Detail label="Invoice date">{bill.invoice_date ? formatDate(bill.invoice_date) : '—'}</Detail>
        <Detail label="Payment method">{PAYMENT_METHOD_LABELS[bill.payment_method]}</Detail>
        <Detail label="Invoice source">{INVOICE_SOURCE_LABELS[bill.invoice_source]}</Detail>
        {bill.ext_bill_id ? <Detail label="External bill ID">{bill.ext_bill_id}</Detail> : null}
        {bill.paid_date ? <Detail label="Paid on">{formatDate(bill.paid_date)}</Detail> : null}
        {bill.paid_from_account ? (
          <Detail label="Paid from">
            {bill.paid_from_account.name}
            {bill.paid_from_account.account_last4 ? ` ••${bill.paid_from_account.account_last4}` : ''}
          </Detail>
        ) : null}
        {bill.payment_reference ? (
          <Detail label={PAYMENT_REFERENCE_LABELS[bill.payment_method]}>{bill.payment_reference}</Detail>
        ) : null}
        {bill.under_power_of_attorney ? <Detail label="Power of attorney">Yes</Detail> : null}
      </Box>
      <Outcome bill={bill} />
    </Paper>
  );
}
