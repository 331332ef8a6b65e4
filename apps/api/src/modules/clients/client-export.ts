import type { OrgClient } from '@bp/contracts';
import { CLIENT_SERVICE_LABELS, centsToDollarsPlain, labelOf } from '@bp/domain';
import ExcelJS from 'exceljs';

/** One exported column: its header and how a client fills it (text, or a dollar amount from cents). */
interface Column {
  header: string;
  width: number;
  value: (client: OrgClient) => string | { cents: number };
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export const CLIENT_EXPORT_COLUMNS: Column[] = [
  { header: 'Name', width: 32, value: (c) => c.name },
  { header: 'Service', width: 26, value: (c) => labelOf(CLIENT_SERVICE_LABELS, c.service) },
  { header: 'Primary contact', width: 24, value: (c) => c.primary_contact ?? '' },
  { header: 'BP fee ($)', width: 14, value: (c) => ({ cents: c.bp_ff_amount }) },
  { header: 'FOA fee ($)', width: 14, value: (c) => ({ cents: c.foa_ff_amount }) },
  { header: 'Total fee ($)', width: 14, value: (c) => ({ cents: c.total_ff_amount }) },
  { header: 'Has properties', width: 14, value: (c) => yesNo(c.has_properties) },
  { header: 'Onboarding completed', width: 20, value: (c) => yesNo(c.is_onboarding_completed) },
  { header: 'Client referrer', width: 26, value: (c) => c.client_referrer?.name ?? '' },
  { header: 'Created on', width: 12, value: (c) => day(c.created_on) },
  { header: 'Archived on', width: 12, value: (c) => day(c.archived_on) },
];

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe, so it shows as typed (OWASP "CSV injection").
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180 quoting: fields with a quote, comma or line break are quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV with a header row, CRLF line ends and a UTF-8 byte-order mark (so spreadsheet apps read accents). */
export function clientsCsv(rows: OrgClient[]): string {
  const lines = [CLIENT_EXPORT_COLUMNS.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) {
    const cells = CLIENT_EXPORT_COLUMNS.map((column) => {
      const value = column.value(row);
      return typeof value === 'string'
        ? csvField(neutraliseFormula(value))
        : centsToDollarsPlain(value.cents);
    });
    lines.push(cells.join(','));
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** An XLSX workbook with a bold, frozen header row; amounts as numbers formatted as dollars. */
export async function clientsXlsx(rows: OrgClient[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet('Clients', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CLIENT_EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(
      CLIENT_EXPORT_COLUMNS.map((column) => {
        const value = column.value(row);
        // Strings stay strings (exceljs writes formulas only from {formula}); the prefix matches the CSV.
        return typeof value === 'string' ? neutraliseFormula(value) : value.cents / 100;
      }),
    );
    CLIENT_EXPORT_COLUMNS.forEach((column, index) => {
      if (typeof column.value(row) !== 'string') added.getCell(index + 1).numFmt = '#,##0.00';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `clients-2026-05-01.csv`, `archived-clients-bill-pay-2026-05-01.xlsx`: ASCII only, safe in a header. */
export function exportFileName(
  options: { archived: boolean; service?: string | undefined; format: 'csv' | 'xlsx' },
  at: Date,
): string {
  const parts = [options.archived ? 'archived-clients' : 'clients'];
  if (options.service) parts.push(options.service.replaceAll('_', '-'));
  parts.push(at.toISOString().slice(0, 10));
  return `${parts.join('-')}.${options.format}`;
}
