import type { Report } from '@bp/contracts';
import { type SheetColumn, type SpreadsheetFormat, spreadsheetOf } from '../../platform/spreadsheet.ts';

const period = (r: Report) =>
  r.period_month === null
    ? String(r.period_year)
    : `${r.period_year}-${String(r.period_month).padStart(2, '0')}`;

/** One row per report; text cells are neutralised by the spreadsheet helpers. */
export const REPORT_EXPORT_COLUMNS: SheetColumn<Report>[] = [
  { header: 'Client', width: 28, value: (r) => r.client.name },
  { header: 'Name', width: 36, value: (r) => r.name },
  { header: 'Type', width: 20, value: (r) => r.type },
  { header: 'Period', width: 10, value: period },
  { header: 'Status', width: 10, value: (r) => r.status },
  {
    header: 'Files',
    width: 40,
    value: (r) => r.files.map((f) => `${f.original_name} v${f.version}`).join('; '),
  },
  { header: 'Notes', width: 40, value: (r) => r.notes },
  { header: 'Created', width: 22, value: (r) => r.created_on },
];

/** The reports as CSV or XLSX under an ASCII name (`reports-2026-05-01.csv`). */
export async function reportsExport(format: SpreadsheetFormat, rows: Report[], at: Date) {
  const file = await spreadsheetOf(format, 'Reports', REPORT_EXPORT_COLUMNS, rows);
  return { ...file, name: `reports-${at.toISOString().slice(0, 10)}.${format}` };
}
