import { centsToDollarsPlain } from '@bp/domain';
import { stringify } from 'csv-stringify/sync';
import { loadExcel } from './lazy-libraries.ts';

/**
 * CSV and XLSX downloads built from one list of columns, so both formats always carry the same
 * headers and cells. Money is given in cents and written as dollars with two decimals.
 */
export interface SheetColumn<T> {
  header: string;
  /** Column width in characters (XLSX only). */
  width: number;
  value: (row: T) => string | { cents: number };
}

export type SpreadsheetFormat = 'csv' | 'xlsx';

export const SPREADSHEET_CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe, so it shows as typed (OWASP "CSV injection").
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * CSV (RFC 4180 quoting by csv-stringify) with a header row, CRLF line ends and a UTF-8 byte-order mark
 * (so spreadsheet apps read accents). Text cells are neutralised here rather than with csv-stringify's
 * `escape_formulas`, which would also prefix negative amounts.
 */
export function toCsv<T>(columns: readonly SheetColumn<T>[], rows: readonly T[]): string {
  const records = rows.map((row) =>
    columns.map((column) => {
      const value = column.value(row);
      return typeof value === 'string' ? neutraliseFormula(value) : centsToDollarsPlain(value.cents);
    }),
  );
  return stringify(records, {
    bom: true,
    header: true,
    columns: columns.map((c, index) => ({ key: String(index), header: c.header })),
    record_delimiter: 'windows',
    // A lone LF or CR is a line break to a spreadsheet app too, not only the CRLF record delimiter.
    quoted_match: /[\r\n]/,
  });
}

/** An XLSX workbook with a bold, frozen header row; amounts as numbers formatted as dollars. */
export async function toXlsx<T>(
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[],
): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  // A fixed creation time: the same rows give the same file.
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values = columns.map((column) => column.value(row));
    const added = sheet.addRow(
      // Strings stay strings (exceljs writes formulas only from {formula}); the prefix matches the CSV.
      values.map((value) => (typeof value === 'string' ? neutraliseFormula(value) : value.cents / 100)),
    );
    values.forEach((value, index) => {
      if (typeof value !== 'string') added.getCell(index + 1).numFmt = '#,##0.00';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file in the asked format: its bytes and content type. */
export async function spreadsheetOf<T>(
  format: SpreadsheetFormat,
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[],
): Promise<{ body: string | Buffer; contentType: string }> {
  const body = format === 'xlsx' ? await toXlsx(sheetName, columns, rows) : toCsv(columns, rows);
  return { body, contentType: SPREADSHEET_CONTENT_TYPES[format] };
}

/** `attachment; filename="..."` for an ASCII file name (callers build names from safe parts only). */
export const attachmentHeader = (fileName: string) => `attachment; filename="${fileName}"`;
