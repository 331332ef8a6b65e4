import type { Commitment, CommitmentInstanceStatus } from '@bp/contracts';
import { COMMITMENT_FREQUENCY_LABELS, formatDate, formatMoney } from '@bp/domain';
import type { ChipProps } from '@mui/material/Chip';
import Chip from '@mui/material/Chip';

export const INSTANCE_STATUS_LABELS: Record<CommitmentInstanceStatus, string> = {
  upcoming: 'Upcoming',
  billed: 'Billed',
  paid: 'Paid',
  late: 'Late',
  missed: 'Missed',
  skipped: 'Skipped',
  autopay: 'Autopay',
};

const INSTANCE_STATUS_COLORS: Record<CommitmentInstanceStatus, ChipProps['color']> = {
  upcoming: 'default',
  billed: 'info',
  paid: 'success',
  late: 'warning',
  missed: 'error',
  skipped: 'default',
  autopay: 'secondary',
};

/** An instance's status as a small chip. */
export function InstanceStatusChip({ status }: { status: CommitmentInstanceStatus }) {
  return (
    <Chip
      size="small"
      label={INSTANCE_STATUS_LABELS[status]}
      color={INSTANCE_STATUS_COLORS[status]}
      variant={status === 'upcoming' || status === 'skipped' ? 'outlined' : 'filled'}
    />
  );
}

export const VARIABLE_AMOUNT = 'Variable';

/** The expected amount in dollars, or 'Variable' when it varies. */
export function expectedAmountText(commitment: Pick<Commitment, 'expected_amount' | 'is_variable'>): string {
  if (commitment.is_variable || commitment.expected_amount === null) return VARIABLE_AMOUNT;
  return formatMoney(commitment.expected_amount);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function weekdayOf(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return '';
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
}

/** 'Monthly on day 15', 'Yearly on March 1', 'Weekly on Monday', 'Every other Friday'. */
export function scheduleText(
  commitment: Pick<Commitment, 'frequency' | 'due_day' | 'due_month' | 'start_date'>,
): string {
  switch (commitment.frequency) {
    case 'monthly':
      return commitment.due_day ? `Monthly on day ${commitment.due_day}` : 'Monthly';
    case 'yearly':
      return commitment.due_month && commitment.due_day
        ? `Yearly on ${MONTH_NAMES[commitment.due_month - 1]} ${commitment.due_day}`
        : 'Yearly';
    case 'weekly': {
      const day = weekdayOf(commitment.start_date);
      return day ? `Weekly on ${day}` : COMMITMENT_FREQUENCY_LABELS.weekly;
    }
    case 'bi_weekly': {
      const day = weekdayOf(commitment.start_date);
      return day ? `Every other ${day}` : COMMITMENT_FREQUENCY_LABELS.bi_weekly;
    }
  }
}

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = m ? MONTH_NAMES[m - 1] : undefined;
  return name && year ? `${name.slice(0, 3)} ${year}` : month;
}

export const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : '—');
