import type { InboxEmail } from '@bp/contracts';
import { type SheetColumn, type SpreadsheetFormat, spreadsheetOf } from '../../platform/spreadsheet.ts';

/** The exported columns, one row per e-mail; text cells are neutralised by the spreadsheet helpers. */
export const INBOX_EXPORT_COLUMNS: SheetColumn<InboxEmail>[] = [
  { header: 'Received', width: 22, value: (e) => e.received_at },
  { header: 'Client', width: 28, value: (e) => e.client.name },
  { header: 'From name', width: 24, value: (e) => e.from_name ?? '' },
  { header: 'From address', width: 30, value: (e) => e.from_address ?? '' },
  { header: 'Subject', width: 40, value: (e) => e.subject },
  { header: 'Source', width: 14, value: (e) => e.source },
  { header: 'Type', width: 16, value: (e) => e.type ?? '' },
  { header: 'Attachments', width: 40, value: (e) => e.attachments.map((a) => a.file_name).join('; ') },
  { header: 'Preview', width: 60, value: (e) => e.preview },
  { header: 'Archived', width: 22, value: (e) => e.archived_at ?? '' },
];

/** The e-mails as CSV or XLSX, with an ASCII file name safe in a header (`pre-bill-inbox-2026-05-01.csv`). */
export async function inboxExport(
  format: SpreadsheetFormat,
  rows: InboxEmail[],
  archived: boolean,
  at: Date,
) {
  const file = await spreadsheetOf(
    format,
    archived ? 'Archived pre-bills' : 'Pre-bill inbox',
    INBOX_EXPORT_COLUMNS,
    rows,
  );
  const name = `${archived ? 'archived-pre-bills' : 'pre-bill-inbox'}-${at.toISOString().slice(0, 10)}.${format}`;
  return { ...file, name };
}
