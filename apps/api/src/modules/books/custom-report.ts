import type { CustomReport, ReportDictionary } from '@bp/contracts';
import { customReportRequest } from '@bp/contracts';
import { ACCOUNT_CATALOGUE, ACCOUNT_FAMILY_VALUES, JOURNAL_SOURCE_VALUES } from '@bp/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { readTogether } from '../../platform/read-together.ts';
import { propertyRows } from '../client-records/index.ts';
import { divisionList } from '../entities/index.ts';
import { checkRange } from './reports.ts';
import type { BooksScope } from './scope.ts';
import { bookAccounts, journalEntries, journalLines } from './tables.ts';
import { BEGINNING } from './totals.ts';

type Field = ReportDictionary['fields'][number] & { expr: SQL };

const TEXT_OPS: Field['operators'] = ['eq', 'contains', 'starts_with'];
const MONEY_OPS: Field['operators'] = ['eq', 'gte', 'lte'];

/**
 * The dictionary of a custom ledger report: each column's label, type, operators and the SQL it reads.
 * Only these expressions ever reach SQL; a request names columns by key and gives values as parameters.
 */
const FIELDS: Field[] = [
  {
    key: 'date',
    label: 'Date',
    type: 'date',
    operators: ['eq', 'gte', 'lte'],
    choices: null,
    expr: sql`${journalEntries.entryDate}::text`,
  },
  {
    key: 'entry_memo',
    label: 'Entry memo',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${journalEntries.memo}`,
  },
  {
    key: 'line_memo',
    label: 'Line memo',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${journalLines.memo}`,
  },
  {
    key: 'source',
    label: 'Source',
    type: 'choice',
    operators: ['in'],
    choices: [...JOURNAL_SOURCE_VALUES],
    expr: sql`${journalEntries.source}`,
  },
  {
    key: 'account_number',
    label: 'Account number',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${bookAccounts.number}`,
  },
  {
    key: 'account_name',
    label: 'Account',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${bookAccounts.name}`,
  },
  {
    key: 'family',
    label: 'Account type',
    type: 'choice',
    operators: ['in'],
    choices: [...ACCOUNT_FAMILY_VALUES],
    expr: sql`${bookAccounts.family}`,
  },
  {
    key: 'subtype',
    label: 'Account subtype',
    type: 'choice',
    operators: ['in'],
    choices: ACCOUNT_CATALOGUE.map((s) => s.code),
    expr: sql`${bookAccounts.subtypeCode}`,
  },
  {
    key: 'classification_group',
    label: 'Classification group',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${bookAccounts.classificationGroup}`,
  },
  {
    key: 'division',
    label: 'Division',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${divisionList.name}`,
  },
  {
    key: 'property',
    label: 'Property',
    type: 'text',
    operators: TEXT_OPS,
    choices: null,
    expr: sql`${propertyRows.name}`,
  },
  {
    key: 'debit',
    label: 'Debit',
    type: 'money',
    operators: MONEY_OPS,
    choices: null,
    expr: sql`greatest(${journalLines.amount}, 0)`,
  },
  {
    key: 'credit',
    label: 'Credit',
    type: 'money',
    operators: MONEY_OPS,
    choices: null,
    expr: sql`greatest(-${journalLines.amount}, 0)`,
  },
  {
    key: 'amount',
    label: 'Amount (debit +)',
    type: 'money',
    operators: MONEY_OPS,
    choices: null,
    expr: sql`${journalLines.amount}`,
  },
];
const byKey = new Map(FIELDS.map((f) => [f.key, f]));

export const reportDictionary = (): ReportDictionary => ({
  fields: FIELDS.map(({ expr: _expr, ...field }) => field),
});

const MAX_ROWS = 2_000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One filter as SQL, or a field error naming which filter is wrong and why. */
function condition(
  filter: { field: string; op: string; value: string | number | string[] },
  index: number,
): SQL {
  const field = byKey.get(filter.field);
  const at = `filters.${index}`;
  if (!field) throw new ValidationError({ [`${at}.field`]: ['Choose a field of the report dictionary.'] });
  if (!field.operators.includes(filter.op as never))
    throw new ValidationError({ [`${at}.op`]: [`Use one of: ${field.operators.join(', ')}.`] });
  const v = filter.value;
  if (field.type === 'money') {
    if (typeof v !== 'number') throw new ValidationError({ [`${at}.value`]: ['Enter an amount in cents.'] });
    return filter.op === 'gte'
      ? sql`${field.expr} >= ${v}`
      : filter.op === 'lte'
        ? sql`${field.expr} <= ${v}`
        : sql`${field.expr} = ${v}`;
  }
  if (filter.op === 'in') {
    if (!Array.isArray(v) || v.length === 0)
      throw new ValidationError({ [`${at}.value`]: ['Choose at least one value.'] });
    const bad = v.find((x) => !field.choices?.includes(x));
    if (bad !== undefined)
      throw new ValidationError({ [`${at}.value`]: [`${bad} is not a choice of ${field.label}.`] });
    return sql`${field.expr} in (${sql.join(
      v.map((x) => sql`${x}`),
      sql`, `,
    )})`;
  }
  if (typeof v !== 'string') throw new ValidationError({ [`${at}.value`]: ['Enter text.'] });
  if (field.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v))
    throw new ValidationError({ [`${at}.value`]: ['Enter a date as YYYY-MM-DD.'] });
  switch (filter.op) {
    case 'contains':
      return sql`${field.expr} ilike ${`%${escapeLike(v)}%`}`;
    case 'starts_with':
      return sql`${field.expr} ilike ${`${escapeLike(v)}%`}`;
    case 'gte':
      return sql`${field.expr} >= ${v}`;
    case 'lte':
      return sql`${field.expr} <= ${v}`;
    default:
      return field.type === 'text' ? sql`lower(${field.expr}) = lower(${v})` : sql`${field.expr} = ${v}`;
  }
}

/** The entity's posted lines over the range with the chosen columns and filters, and money totals. */
export async function customReport(db: DbOrTx, scope: BooksScope, input: unknown): Promise<CustomReport> {
  const body = customReportRequest.parse(input);
  checkRange(body.from ?? null, body.to);
  const columns = body.columns.map((key, i) => {
    const field = byKey.get(key);
    if (!field)
      throw new ValidationError({ [`columns.${i}`]: ['Choose a column of the report dictionary.'] });
    return field;
  });
  const where = and(
    eq(journalEntries.entityId, scope.entityId),
    eq(journalEntries.status, 'posted'),
    sql`${journalEntries.entryDate} between ${body.from ?? BEGINNING} and ${body.to}`,
    ...body.filters.map(condition),
  );
  const base = () =>
    db
      .select(
        Object.fromEntries(columns.map((c, i) => [`c${i}`, c.expr])) as Record<
          string,
          SQL<string | number | null>
        >,
      )
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .innerJoin(bookAccounts, eq(bookAccounts.id, journalLines.accountId))
      .leftJoin(divisionList, eq(divisionList.id, journalLines.divisionId))
      .leftJoin(propertyRows, eq(propertyRows.id, journalLines.propertyId));
  const moneyTotals = columns.map((c, i) =>
    c.type === 'money' ? sql`coalesce(sum(${c.expr}), 0)::text`.as(`t${i}`) : null,
  );
  const [rows, [summary]] = await readTogether(db, [
    () =>
      base()
        .where(where)
        .orderBy(asc(journalEntries.entryDate), asc(journalEntries.id), asc(journalLines.lineNo))
        .limit(MAX_ROWS + 1),
    () =>
      db
        .select({
          n: sql<string>`count(*)::text`,
          ...Object.fromEntries(moneyTotals.flatMap((t, i) => (t ? [[`t${i}`, t]] : []))),
        })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .innerJoin(bookAccounts, eq(bookAccounts.id, journalLines.accountId))
        .leftJoin(divisionList, eq(divisionList.id, journalLines.divisionId))
        .leftJoin(propertyRows, eq(propertyRows.id, journalLines.propertyId))
        .where(where),
  ]);
  const cell = (c: Field, v: unknown) =>
    v === null || v === undefined ? null : c.type === 'money' ? Number(v) : String(v);
  return {
    columns: columns.map((c) => ({ key: c.key, label: c.label, type: c.type })),
    rows: rows
      .slice(0, MAX_ROWS)
      .map((r) => columns.map((c, i) => cell(c, (r as Record<string, unknown>)[`c${i}`]))),
    totals: columns.map((c, i) =>
      c.type === 'money' ? Number((summary as Record<string, unknown> | undefined)?.[`t${i}`] ?? 0) : null,
    ),
    count: Number(summary?.n ?? 0),
    truncated: rows.length > MAX_ROWS,
  };
}
