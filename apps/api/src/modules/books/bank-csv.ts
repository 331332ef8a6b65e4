import { createHash } from 'node:crypto';
import { BANK_CSV_REQUIRED, type BankLineImportResult, bankLineImportRequest } from '@bp/contracts';
import { parseDollarsToCents } from '@bp/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { type IncomingBankLine, receiveBankLines } from './bank-lines.ts';
import { notFound } from './errors.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts } from './tables.ts';

type Row = Record<string, string>;

/** Header names banks use for the same column, lower-cased: the first one present is read. */
const COLUMNS = {
  id: ['id', 'external_id', 'transaction id', 'transaction_id', 'reference', 'fitid'],
  counterparty: ['counterparty', 'payee', 'merchant', 'name'],
  check: ['check_number', 'check number', 'check', 'check #', 'cheque'],
  status: ['status', 'state'],
} as const;

const MAX_ROWS = 10_000;

const pick = (row: Row, names: readonly string[]) => {
  for (const n of names) if (row[n] !== undefined && row[n] !== '') return row[n];
  return undefined;
};

/** YYYY-MM-DD or the US MM/DD/YYYY banks export (SPEC §9's date format); null when neither or no such day. */
export function bankDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!y || !m || !d) return null;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/** Dollars as banks write them: `-12.50`, `(12.50)` for money out, `$1,234.56`. */
export function bankAmount(text: string): number | null {
  const negative = /^\(.*\)$/.test(text.trim());
  const cents = parseDollarsToCents(negative ? text.trim().slice(1, -1) : text);
  return cents === null ? null : negative ? -cents : cents;
}

/**
 * A bank's CSV export → lines for `receiveBankLines`. Required columns: date, description, amount;
 * optional: an id (else a digest of the row and its repeat count in the file, so importing the same
 * file again changes nothing), counterparty, check number, status (pending or posted). Any row with a
 * problem rejects the whole file, with every problem by line number.
 */
export function parseBankCsv(csv: string): {
  lines: IncomingBankLine[];
  errors: BankLineImportResult['errors'];
} {
  let rows: Row[];
  try {
    rows = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new ValidationError({ csv: [`The file is not valid CSV: ${(error as Error).message}`] });
  }
  const first = rows[0];
  if (!first) throw new ValidationError({ csv: ['The file has no rows under its header.'] });
  const missing = BANK_CSV_REQUIRED.filter((c) => !(c in first));
  if (missing.length) throw new ValidationError({ csv: [`Missing columns: ${missing.join(', ')}.`] });
  if (rows.length > MAX_ROWS) throw new ValidationError({ csv: ['Import at most 10,000 rows at a time.'] });
  const seen = new Map<string, number>();
  const lines: IncomingBankLine[] = [];
  const errors: BankLineImportResult['errors'] = [];
  rows.forEach((row, index) => {
    const problems: Record<string, string[]> = {};
    const date = bankDate(row.date ?? '');
    if (!date) problems.date = ['Enter a date as YYYY-MM-DD or MM/DD/YYYY.'];
    const amount = bankAmount(row.amount ?? '');
    if (amount === null) problems.amount = ['Enter an amount in dollars, e.g. -12.50.'];
    else if (amount === 0) problems.amount = ['A transaction of 0.00 has nothing to book.'];
    const description = (row.description ?? '').slice(0, 500);
    if (!description) problems.description = ['This field is required.'];
    const status = (pick(row, COLUMNS.status) ?? 'posted').toLowerCase();
    if (status !== 'posted' && status !== 'pending') problems.status = ['Enter pending or posted.'];
    if (Object.keys(problems).length || !date || amount === null) {
      errors.push({ line: index + 2, errors: problems });
      return;
    }
    let externalId = pick(row, COLUMNS.id)?.slice(0, 200);
    if (!externalId) {
      const key = `${date}|${amount}|${description}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      externalId = `csv:${createHash('sha256').update(`${key}|${n}`).digest('hex').slice(0, 32)}`;
    }
    lines.push({
      externalId,
      date,
      amountCents: amount,
      description,
      counterparty: pick(row, COLUMNS.counterparty)?.slice(0, 200) ?? null,
      checkNumber: pick(row, COLUMNS.check)?.slice(0, 40) ?? null,
      pending: status === 'pending',
    });
  });
  return { lines, errors };
}

/** POST .../accounts/{accountGuid}/bank-lines/import: the CSV through receiveBankLines, one transaction. */
export async function importBankCsv(
  db: Db,
  scope: BooksScope,
  accountGuid: string,
  input: unknown,
): Promise<BankLineImportResult> {
  const body = bankLineImportRequest.parse(input);
  const [account] = await db
    .select({ id: bookAccounts.id })
    .from(bookAccounts)
    .where(and(eq(bookAccounts.guid, accountGuid), eq(bookAccounts.entityId, scope.entityId)));
  if (!account) throw notFound();
  const { lines, errors } = parseBankCsv(body.csv);
  if (errors.length) return { received: 0, updated: 0, unchanged: 0, errors };
  return db.transaction(async (tx) => {
    const result = await receiveBankLines(tx, { entityId: scope.entityId, bookAccountId: account.id, lines });
    await recordAudit(tx, scope.actor, {
      action: 'bank_lines_imported',
      objectType: 'book_account',
      objectGuid: accountGuid,
      organizationId: scope.organizationId,
      clientId: scope.clientId,
      changes: {
        received: { before: null, after: result.received },
        updated: { before: null, after: result.updated },
      },
    });
    return { received: result.received, updated: result.updated, unchanged: result.unchanged, errors: [] };
  });
}
