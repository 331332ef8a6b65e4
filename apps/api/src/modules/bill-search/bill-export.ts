import type { BillSummary } from '@bp/contracts';
import { BILL_STATUS_LABELS, formatDate, labelOf, PAYMENT_METHOD_LABELS } from '@bp/domain';
import type { SheetColumn, SpreadsheetFormat } from '../../platform/spreadsheet.ts';

/** Dates as the web shows them (SPEC §9: MM/dd/yyyy); '' when the bill has none. */
const usDate = (iso: string | null) => (iso ? formatDate(iso) : '');

/** The advanced search's export: one row per bill, amounts in dollars, enumerations as their labels. */
export const BILL_EXPORT_COLUMNS: SheetColumn<BillSummary>[] = [
  { header: 'Client', width: 28, value: (b) => b.client.name },
  { header: 'Entity', width: 28, value: (b) => b.entity.nickname },
  { header: 'Vendor', width: 28, value: (b) => b.vendor.name },
  { header: 'Invoice Number', width: 18, value: (b) => b.invoice_number ?? '' },
  { header: 'Invoice Date', width: 12, value: (b) => usDate(b.invoice_date) },
  { header: 'Due Date', width: 12, value: (b) => usDate(b.due_date) },
  { header: 'Amount', width: 14, value: (b) => ({ cents: b.amount }) },
  { header: 'Payment Method', width: 14, value: (b) => labelOf(PAYMENT_METHOD_LABELS, b.payment_method) },
  { header: 'Status', width: 18, value: (b) => labelOf(BILL_STATUS_LABELS, b.status) },
  { header: 'Paid Date', width: 12, value: (b) => usDate(b.paid_date) },
];

/** `bills-2026-05-01.csv`: the caller's date, ASCII only, safe in a header. */
export function billExportFileName(today: string, format: SpreadsheetFormat): string {
  return `bills-${today}.${format}`;
}
