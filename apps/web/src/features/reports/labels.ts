import type { ReportStatus, ReportType } from '@bp/contracts';

/** SPEC §3 report types as the screens name them. */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  check_registers: 'Check register',
  cash_flow: 'Cash flow',
  financial_statements: 'Financial statements',
  custom: 'Custom',
  printed_checks: 'Printed checks',
  reconciliation: 'Reconciliation',
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  sent: 'Sent',
};

export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "Mar 2025", or "2025" for a report of the whole year. */
export const periodLabel = (year: number, month: number | null) =>
  month === null ? String(year) : `${MONTH_NAMES[month - 1] ?? month} ${year}`;
