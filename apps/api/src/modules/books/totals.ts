import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';

/** Before any entry: a range without `from` starts here (a month's first day, so whole months apply). */
export const BEGINNING = '1900-01-01';

/**
 * Net posted amount (debit positive) per account of an entity over [from, to], in one statement: the
 * whole months inside the range from `book_period_balances`, only the partial months at its ends from the
 * lines. So a trial balance reads at most two months of lines, never the whole history (decision 030).
 */
export async function accountTotals(
  db: DbOrTx,
  entityId: number,
  from: string | null,
  to: string,
): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    with m as (
      select f, t,
        case when f = date_trunc('month', f)::date then f
             else (date_trunc('month', f) + interval '1 month')::date end as fm,
        case when t = (date_trunc('month', t) + interval '1 month' - interval '1 day')::date
             then (date_trunc('month', t) + interval '1 month')::date
             else date_trunc('month', t)::date end as tm
      from (select cast(${from ?? BEGINNING} as date) as f, cast(${to} as date) as t) b
    )
    select x.account_id, sum(x.amount)::text as amount from (
      select pb.account_id, pb.amount from book_period_balances pb, m
        where pb.entity_id = ${entityId} and pb.month >= m.fm and pb.month < m.tm
      union all
      select l.account_id, l.amount from m, journal_entries e join journal_lines l on l.entry_id = e.id
        where e.entity_id = ${entityId} and e.status = 'posted' and e.entry_date between m.f and m.t
          and not (e.entry_date >= m.fm and e.entry_date < m.tm)
    ) x group by x.account_id`);
  // node-postgres and PGlite both answer `{rows}`; sums of BIGINT come back as text (numeric).
  const rows = (result as unknown as { rows: { account_id: string | number; amount: string }[] }).rows;
  return new Map(rows.map((r) => [Number(r.account_id), Number(r.amount)]));
}

/** The day before an ISO date. */
export function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
