import type { BillStatus } from '@bp/domain';
import { BILL_STATUS_LABELS } from '@bp/domain';
import type { ChipProps } from '@mui/material/Chip';
import Chip from '@mui/material/Chip';

const STATUS_COLORS: Partial<Record<BillStatus, ChipProps['color']>> = {
  pre_bill: 'default',
  paid: 'success',
  rejected: 'error',
  changes_required: 'warning',
  ofac_approval: 'warning',
  payment_pending: 'info',
};

/** A bill's status as a small labelled chip (BILL_STATUS_LABELS). */
export function BillStatusChip({ status, size = 'small' }: { status: BillStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      label={BILL_STATUS_LABELS[status]}
      color={STATUS_COLORS[status] ?? 'primary'}
      variant={status === 'paid' || status === 'rejected' ? 'filled' : 'outlined'}
    />
  );
}
