/**
 * Financial-data benchmark (issue 19, decision 036): a bank-feed sync of `--lines` transactions (default
 * 100,000) through the Plaid stand-in over HTTP (transactions/sync pages of 500, upserts by the provider's
 * id), a re-sync with nothing new, and matching them against `--bills` paid bills (default 50,000), each
 * beside a baseline in the same run: for the sync, one plain INSERT of the same rows; for matching, one
 * SQL join that finds each line's candidates (same account, same amount, date window) without scoring.
 * PostgreSQL with DATABASE_URL (a throwaway database), else PGlite. Prints markdown for docs/performance.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:findata -w @bp/bench
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { feedDeps } from '../../../apps/api/src/modules/bank-feeds/feed-deps.ts';
import { plaidClient } from '../../../apps/api/src/modules/bank-feeds/plaid-client.ts';
import {
  STAND_IN_CLIENT_ID,
  STAND_IN_SECRET,
  type StandInTransaction,
  startPlaidStandIn,
} from '../../../apps/api/src/modules/bank-feeds/plaid-stand-in-test-support.ts';
import { syncItem } from '../../../apps/api/src/modules/bank-feeds/sync.ts';
import { bankFeedItems } from '../../../apps/api/src/modules/bank-feeds/tables.ts';
import { runMatching } from '../../../apps/api/src/modules/bank-matching/matching.ts';
import { openBenchEnv } from '../setup.ts';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '100000' }, bills: { type: 'string', default: '50000' } },
});
const LINES = Number(values.lines);
const BILLS = Number(values.bills);
const VENDORS = 200;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * DAY).toISOString().slice(0, 10);

const env = await openBenchEnv(process.env.DATABASE_URL);
const plaid = await startPlaidStandIn();
try {
  const { db } = env.database;
  const [target] = rowsOf<{ client_id: string; entity_id: string; organization_id: string }>(
    await db.execute(sql`select e.client_id, e.id as entity_id, c.organization_id from entities e
      join clients c on c.id = e.client_id order by e.id limit 1`),
  );
  if (!target) throw new Error('no entity');
  const clientId = Number(target.client_id);
  const entityId = Number(target.entity_id);
  const organizationId = Number(target.organization_id);
  const [institution] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into client_institutions (client_id, name, account_last4)
      values (${clientId}, 'Bench Operating', '9090') returning id`),
  );
  const institutionId = Number(institution?.id);
  await db.execute(sql`insert into vendors (entity_id, name)
    select ${entityId}, 'Bench Vendor ' || g || ' Services' from generate_series(1, ${VENDORS}) g`);
  const [user] = rowsOf<{ id: string }>(await db.execute(sql`select id from users order by id limit 1`));
  // Paid bills: amounts from 1.00 to 5,000.00 in a spread that repeats rarely, two years of payments.
  const started = performance.now();
  await db.execute(sql`insert into bills (organization_id, client_id, entity_id, vendor_id, amount, due_date,
      payment_method, invoice_source, status, paid_date, paid_at, paid_from_institution_id, payment_reference,
      created_by_user_id)
    select ${organizationId}, ${clientId}, ${entityId},
      (select id from vendors where entity_id = ${entityId} and name = 'Bench Vendor ' || (1 + g % ${VENDORS}) || ' Services'),
      100 + (g * 7919) % 499900, date '2025-01-01' + (g % 700), 'check', 'online', 'paid',
      date '2025-01-01' + (g % 700), timestamp '2025-01-01' + (g % 700) * interval '1 day',
      ${institutionId}, (10000 + g)::text, ${Number(user?.id)}
    from generate_series(1, ${BILLS}) g`);
  await db.execute(sql`analyze bills`);
  const billsS = (performance.now() - started) / 1000;

  // The bank's lines: half pay the bills (some on the day with the payee and check number, some days
  // later with a bank's own descriptor), half are other debits and deposits.
  const transactions: StandInTransaction[] = [];
  for (let i = 1; i <= LINES; i++) {
    const g = i;
    const paysBill = i <= Math.min(BILLS, LINES / 2);
    transactions.push(
      paysBill
        ? {
            transaction_id: `bench-${i}`,
            account_id: 'bench-account',
            amount: (100 + ((g * 7919) % 499900)) / 100,
            date: day((g % 700) + (g % 3 === 0 ? 4 : 0)),
            name: g % 3 === 0 ? `ACH DEBIT ${g}` : `CHECK ${10000 + g} BENCH VENDOR ${1 + (g % VENDORS)}`,
            check_number: g % 3 === 0 ? null : String(10000 + g),
            pending: false,
          }
        : {
            transaction_id: `bench-${i}`,
            account_id: 'bench-account',
            amount: ((i % 5 === 0 ? -1 : 1) * ((i * 104729) % 300000)) / 100,
            date: day(i % 700),
            name: i % 5 === 0 ? 'DEPOSIT' : `CARD PURCHASE ${i}`,
            pending: false,
          },
    );
  }
  plaid.nextItem({
    accounts: [
      {
        account_id: 'bench-account',
        name: 'Operating',
        official_name: null,
        mask: '9090',
        type: 'depository',
        subtype: 'checking',
        current: 1_000_000,
        available: 1_000_000,
      },
    ],
    transactions,
  });
  env.deps.config.findata.plaid = {
    baseUrl: plaid.url,
    clientId: STAND_IN_CLIENT_ID,
    secret: STAND_IN_SECRET,
    webhookUrl: 'http://bench.test/v1/integrations/aggregator/webhook',
    clientName: 'Bench',
  };
  const feed = feedDeps(env.deps);
  const client = plaidClient({ baseUrl: plaid.url, clientId: STAND_IN_CLIENT_ID, secret: STAND_IN_SECRET });
  const link = await client.linkTokenCreate({
    client_name: 'Bench',
    user: { client_user_id: 'bench' },
    webhook: '',
  });
  const exchanged = await client.publicTokenExchange(plaid.consent(link.link_token));
  const [item] = await db
    .insert(bankFeedItems)
    .values({
      clientId,
      entityId,
      providerItemId: exchanged.item_id,
      accessTokenSealed: feed.box.seal(exchanged.access_token),
    })
    .returning();
  if (!item) throw new Error('no item');

  let t = performance.now();
  const first = await syncItem(feed, item);
  const syncMs = performance.now() - t;
  const [fresh] = await db.select().from(bankFeedItems).where(sql`${bankFeedItems.id} = ${item.id}`);
  t = performance.now();
  await syncItem(feed, fresh as typeof item);
  const resyncMs = performance.now() - t;
  await db.execute(sql`analyze bank_feed_transactions`);

  // Baseline of the sync: the same rows in one plain INSERT (no HTTP, no paging, no upsert).
  await db.execute(sql`create table bench_lines (like bank_feed_transactions including defaults)`);
  const [account] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from bank_feed_accounts where item_id = ${item.id}`),
  );
  const payload = JSON.stringify(
    transactions.map((x) => ({
      id: x.transaction_id,
      amount: Math.round(x.amount * 100),
      date: x.date,
      name: x.name,
    })),
  );
  t = performance.now();
  await db.execute(sql`insert into bench_lines (id, guid, account_id, client_id, entity_id, provider_transaction_id, amount, date, name, pending)
    select row_number() over (), gen_random_uuid(), ${Number(account?.id)}, ${clientId}, ${entityId}, j->>'id', (j->>'amount')::bigint, (j->>'date')::date, j->>'name', false
    from jsonb_array_elements(${payload}::jsonb) j`);
  const syncBaselineMs = performance.now() - t;

  const actor = { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null };
  t = performance.now();
  const matched = await runMatching(db, clientId, organizationId, actor, new Date());
  const matchMs = performance.now() - t;
  // Baseline of matching: the candidates of every unmatched debit in one join, no scoring or writes.
  t = performance.now();
  const [candidates] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*) as n from bank_feed_transactions l
      join bank_feed_accounts a on a.id = l.account_id
      join bills b on b.paid_from_institution_id = a.client_institution_id and b.amount = l.amount
        and b.status = 'paid' and l.date between b.paid_date - 3 and b.paid_date + 14
      where l.client_id = ${clientId} and l.amount > 0 and not l.pending and l.removed_at is null`),
  );
  const matchBaselineMs = performance.now() - t;
  t = performance.now();
  const rerun = await runMatching(db, clientId, organizationId, actor, new Date());
  const rematchMs = performance.now() - t;

  const ms = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);
  console.log(
    `\n### Financial data on ${env.kind} (${LINES.toLocaleString('en-US')} bank lines, ${BILLS.toLocaleString('en-US')} paid bills)\n`,
  );
  console.log(
    `Paid bills generated in ${billsS.toFixed(0)} s. First sync: ${first.added.toLocaleString('en-US')} lines added.`,
  );
  console.log(
    `Matching: ${matched.applied.toLocaleString('en-US')} applied, ${matched.to_match.toLocaleString('en-US')} to match; ${Number(candidates?.n).toLocaleString('en-US')} (line, bill) candidate pairs.\n`,
  );
  console.log('| case | time | baseline | ratio |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| first sync (HTTP pages of 500, upsert by provider id) | ${ms(syncMs)} | ${ms(syncBaselineMs)} (one plain INSERT of the rows) | ${(syncMs / syncBaselineMs).toFixed(1)} |`,
  );
  console.log(`| re-sync, nothing new | ${ms(resyncMs)} | | |`);
  console.log(
    `| matching every unmatched debit (score, apply) | ${ms(matchMs)} | ${ms(matchBaselineMs)} (one candidate join, no scoring) | ${(matchMs / matchBaselineMs).toFixed(1)} |`,
  );
  console.log(
    `| matching again (${rerun.to_match.toLocaleString('en-US')} left, nothing to apply) | ${ms(rematchMs)} | | |`,
  );
} finally {
  await plaid.close();
  await env.close();
}
