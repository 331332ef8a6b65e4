/**
 * Books benchmark (issue 17, decision 030): the trial balance and the general ledger of one entity over
 * `--lines` journal lines (default 1,000,000), beside a baseline of the plain aggregate SQL over the lines.
 * The trial balance reads whole months from book_period_balances (kept by triggers as entries post) and
 * only the partial month from the lines. PostgreSQL with DATABASE_URL (a throwaway database), else PGlite.
 * Prints a markdown table for docs/performance.md ("Books").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:books -w @bp/bench -- --lines 1000000
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { generalLedger, trialBalance } from '../../../apps/api/src/modules/books/reports.ts';
import type { BooksScope } from '../../../apps/api/src/modules/books/scope.ts';
import { openBenchEnv } from '../setup.ts';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '15' } },
});
const LINES = Number(values.lines);
const ROUNDS = Number(values.rounds);
const ACCOUNTS = 60;
const DAYS = 5 * 365;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const env = await openBenchEnv(process.env.DATABASE_URL);
try {
  const { db } = env.database;
  const [entity] = rowsOf<{ id: string; guid: string; client_id: string; organization_id: string }>(
    await db.execute(sql`select e.id, e.guid, e.client_id, c.organization_id from entities e
      join clients c on c.id = e.client_id order by e.id limit 1`),
  );
  if (!entity) throw new Error('no entity');
  const entityId = Number(entity.id);
  const subtypes = [
    'bank',
    'fixed_asset',
    'credit_card',
    'long_term_liability',
    'equity',
    'income',
    'expense',
  ];
  const families = ['asset', 'asset', 'liability', 'liability', 'equity', 'income', 'expense'];
  await db.execute(sql`insert into book_accounts (entity_id, number, name, family, subtype_code)
    select ${entityId}, (1000 + g)::text, 'Bench ' || g, (${`{${families.join(',')}}`}::text[])[1 + g % 7],
           (${`{${subtypes.join(',')}}`}::text[])[1 + g % 7]
    from generate_series(1, ${ACCOUNTS}) g`);
  const accountIds = rowsOf<{ id: string }>(
    await db.execute(sql`select id from book_accounts where entity_id = ${entityId} order by id`),
  ).map((r) => Number(r.id));
  const ids = `{${accountIds.join(',')}}`;

  // Two lines per entry, entries spread over five years; each batch one transaction (the deferred
  // balance check and the period-balance triggers run as in production).
  const started = performance.now();
  const entries = LINES / 2;
  const batch = 50_000;
  for (let from = 1; from <= entries; from += batch) {
    const to = Math.min(entries, from + batch - 1);
    await db.transaction(async (tx) => {
      const [{ max } = { max: '0' }] = rowsOf<{ max: string }>(
        await tx.execute(sql`select coalesce(max(id), 0)::text as max from journal_entries`),
      );
      await tx.execute(sql`insert into journal_entries (entity_id, entry_date, source, kind, status, memo)
        select ${entityId}, date '2021-01-01' + (g % ${DAYS}), 'import', 'manual', 'posted', 'bench ' || g
        from generate_series(${from}::int, ${to}::int) g order by g % ${DAYS}`);
      await tx.execute(sql`insert into journal_lines (entry_id, line_no, account_id, amount)
        select e.id, s.n, (${ids}::bigint[])[1 + (e.id * 7 + s.n * 13) % ${accountIds.length}],
               case s.n when 1 then 1 + e.id % 100000 else -(1 + e.id % 100000) end
        from journal_entries e cross join (values (1), (2)) s(n)
        where e.entity_id = ${entityId} and e.id > ${Number(max)}`);
    });
  }
  await db.execute(sql`analyze journal_entries`);
  await db.execute(sql`analyze journal_lines`);
  await db.execute(sql`analyze book_period_balances`);
  const generatedS = (performance.now() - started) / 1000;

  const scope: BooksScope = {
    clientId: Number(entity.client_id),
    organizationId: Number(entity.organization_id),
    via: 'staff',
    userId: 0,
    actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
    entityId,
    entityGuid: entity.guid,
  };
  const to = '2025-06-17'; // mid-month: whole months from period balances, June's first days from lines
  const tb = await trialBalance(db, scope, null, to);
  if (tb.total_debit !== tb.total_credit) throw new Error('trial balance does not balance');
  const baseline = sql`select l.account_id, sum(l.amount) from journal_lines l
    join journal_entries e on e.id = l.entry_id
    where e.entity_id = ${entityId} and e.status = 'posted' and e.entry_date <= ${to} group by l.account_id`;
  const glBaseline = sql`select l.amount, e.entry_date, e.guid from journal_lines l
    join journal_entries e on e.id = l.entry_id
    where e.entity_id = ${entityId} and e.status = 'posted' and l.account_id = ${accountIds[0] ?? 0}
      and e.entry_date between '2025-06-01' and '2025-06-30' order by e.entry_date, e.id`;
  const results = {
    trial: await time(() => trialBalance(db, scope, null, to)),
    trialBaseline: await time(() => db.execute(baseline)),
    gl: await time(() => generalLedger(db, scope, '2025-06-01', '2025-06-07', null)),
    glOne: await time(() =>
      generalLedger(db, scope, '2025-06-01', '2025-06-30', tb.rows[0]?.account.guid ?? null),
    ),
    glBaseline: await time(() => db.execute(glBaseline)),
  };
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `\n### Books on ${env.kind} (${LINES.toLocaleString('en-US')} lines, ${ACCOUNTS} accounts, 5 years)\n`,
  );
  console.log(`Generated in ${generatedS.toFixed(0)} s (triggers and the deferred balance check on).\n`);
  console.log('| case | median | baseline (plain SQL over the lines) | ratio |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| trial balance to ${to} | ${ms(results.trial)} | ${ms(results.trialBaseline)} | ${(results.trial / results.trialBaseline).toFixed(2)} |`,
  );
  console.log(`| general ledger, 1-7 June 2025, every account | ${ms(results.gl)} | | |`);
  console.log(
    `| general ledger, June 2025, one account | ${ms(results.glOne)} | ${ms(results.glBaseline)} | ${(results.glOne / results.glBaseline).toFixed(2)} |`,
  );
} finally {
  await env.close();
}
