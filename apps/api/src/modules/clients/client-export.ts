import type { OrgClient } from '@bp/contracts';
import { CLIENT_SERVICE_LABELS, labelOf } from '@bp/domain';
import { type SheetColumn, toCsv, toXlsx } from '../../platform/spreadsheet.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The exported columns: header and how a client fills it (text, or a dollar amount from cents). */
export const CLIENT_EXPORT_COLUMNS: SheetColumn<OrgClient>[] = [
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

/** CSV with a header row, CRLF line ends and a UTF-8 byte-order mark; formula-looking cells neutralised. */
export function clientsCsv(rows: OrgClient[]): string {
  return toCsv(CLIENT_EXPORT_COLUMNS, rows);
}

/** An XLSX workbook with a bold, frozen header row; amounts as numbers formatted as dollars. */
export function clientsXlsx(rows: OrgClient[]): Promise<Buffer> {
  return toXlsx('Clients', CLIENT_EXPORT_COLUMNS, rows);
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
