import { BILL_STATUS_LABELS, type BillStatus, labelOf } from '@bp/domain';
import { Chip } from '@mui/material';

type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';

const STATUS_COLORS: Partial<Record<BillStatus, ChipColor>> = {
  paid: 'success',
  rejected: 'error',
  changes_required: 'warning',
  ofac_approval: 'warning',
  payment_pending: 'info',
  client_approval: 'primary',
  client_pre_approval: 'primary',
  needs_2nd_approval: 'primary',
  verbal_approval: 'primary',
};

/** A bill's status in words, coloured by how far along it is. */
export function BillStatusChip({ status }: { status: BillStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[status] ?? 'default'}
      label={labelOf(BILL_STATUS_LABELS, status)}
    />
  );
}
