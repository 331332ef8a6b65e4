/**
 * Model-based walk of the ledger (issue 17 "Done when", decision 030): random sequences of posting,
 * drafting then posting, reversing, posting unbalanced entries, closing and reopening periods, bills
 * approved and paid and their payments reversed, run through the services (not HTTP) against PGlite and
 * PostgreSQL. After every step ONE SQL statement checks: every posted entry balances with two lines or
 * more; the account totals sum to zero (the trial balance balances, so assets = liabilities + equity
 * including earnings); period balances equal the lines they summarise; account totals equal the model's;
 * and no posted entry changed (the digest of the entries seen before is unchanged). Every
 * CHECKPOINT steps the real reports are compared with the model over a random range.
 *
 * Feeder rules (decision 034) walk too: bank lines arrive through `receiveBankLines`, rules are written,
 * applied as batches (first matching rule in priority order, closed months left alone) and batches
 * undone (refused whole when a month they touch is closed); users categorise and correct lines by hand.
 * The model splits with the domain's `splitCents` (property-tested on its own) and follows every line.
 *
 * CI walks BOOKS_WALK_STEPS (default 500) steps per database; `BOOKS_WALK_STEPS=10000` runs the full walk.
 */
import { ACCOUNT_FAMILY_VALUES, type AccountFamily, splitCents } from '@bp/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import { everyBackend, useTestApp } from '../../test/build-test-app.ts';
import { billBooks } from '../bills/test-support.ts';
import { entities } from '../entities/tables.ts';
import { createAccount } from './accounts.ts';
import { receiveBankLines } from './bank-lines.ts';
import { postBillEvent } from './bill-posting.ts';
import { ledgerRefusal, underLedgerRules } from './errors.ts';
import { applyRules, categorizeByHand, undoBatch } from './feeder-apply.ts';
import { createRule } from './feeder-rules.ts';
import { createJournal, postDraft, reverseJournal } from './journals.ts';
import { closePeriod, reopenPeriod } from './periods.ts';
import { balanceSheet, trialBalance } from './reports.ts';
import type { BooksScope } from './scope.ts';
import { writeSettings } from './settings.ts';
import { bookAccounts, bookBankLines } from './tables.ts';

const STEPS = Number(process.env.BOOKS_WALK_STEPS ?? 500);
const CHECKPOINT = 100;
const MONTHS = 24; // 2025-01 .. 2026-12

const monthKey = (m: number) => `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
const dateOf = (m: number, day: number) => `${monthKey(m)}-${String(day).padStart(2, '0')}`;

/** Words of bank line descriptions; a rule matches lines containing its word. */
const WORDS = ['COFFEE', 'RENT', 'PAYROLL', 'UTILITY'] as const;

/** Percent shares (integer weights) → percentages with two decimals summing to 100. */
function percentsOf(shares: number[]): number[] {
  const total = shares.reduce((s, x) => s + x, 0);
  const bps = shares.map((x) => Math.floor((x * 10_000) / total));
  bps[bps.length - 1] = 10_000 - bps.slice(0, -1).reduce((s, x) => s + x, 0);
  return bps.map((b) => b / 100);
}

const lineArb = fc.record({ account: fc.nat(7), cents: fc.integer({ min: -500_000, max: 500_000 }) });
const when = { month: fc.nat(MONTHS - 1), day: fc.integer({ min: 1, max: 28 }) };
const stepArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('post' as const),
      ...when,
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
      draft: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('unbalanced' as const),
      ...when,
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('close' as const), month: fc.nat(MONTHS - 1) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reopen' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('bill' as const),
      ...when,
      cents: fc.integer({ min: 1, max: 900_000 }),
      chart: fc.nat(1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('reverse_payment' as const), pick: fc.nat(), ...when }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('bank_line' as const),
      ...when,
      cents: fc.integer({ min: -400_000, max: 400_000 }).filter((c) => c !== 0),
      word: fc.nat(WORDS.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('rule' as const),
      word: fc.nat(WORDS.length - 1),
      splits: fc.array(
        fc.record({ account: fc.integer({ min: 1, max: 7 }), share: fc.integer({ min: 1, max: 9 }) }),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('apply' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('undo' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('correct' as const),
      pick: fc.nat(),
      account: fc.integer({ min: 1, max: 7 }),
    }),
  },
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

interface ModelEntry {
  guid: string;
  date: string;
  lines: [accountId: number, cents: number][];
  reversible: boolean;
}

interface ModelBankLine {
  guid: string;
  date: string;
  cents: number;
  word: string;
  /** The entry categorising it (and the batch it came in, if a rule's), or null. */
  entry: ModelEntry | null;
  batch: string | null;
}

/** What the ledger should hold: posted entries (with their lines), closed months, paid bills. */
class Model {
  bankLines: ModelBankLine[] = [];
  rules: { word: string; splits: [accountIndex: number, percent: number][] }[] = [];
  batches: { guid: string; lines: ModelBankLine[]; undone: boolean }[] = [];
  entries: ModelEntry[] = [];
  closed = new Set<string>();
  paidBills: { guid: string; paidDate: string }[] = [];
  totals = new Map<number, number>();
  add(entry: ModelEntry) {
    this.entries.push(entry);
    for (const [account, cents] of entry.lines)
      this.totals.set(account, (this.totals.get(account) ?? 0) + cents);
  }
  isClosed = (date: string) => this.closed.has(date.slice(0, 7));
  /** Expected net per account over [from, to]. */
  range(from: string, to: string) {
    const sums = new Map<number, number>();
    for (const e of this.entries)
      if (e.date >= from && e.date <= to) for (const [a, c] of e.lines) sums.set(a, (sums.get(a) ?? 0) + c);
    return sums;
  }
}

/** The single statement checking the invariants after a step. */
async function invariants(db: Db, entityId: number, previousMaxId: number) {
  const result = await db.execute(sql`
    with posted as (
      select e.id, e.entry_date, l.line_no, l.account_id, l.amount
      from journal_entries e join journal_lines l on l.entry_id = e.id
      where e.entity_id = ${entityId} and e.status = 'posted'),
    per_entry as (select id, count(*) n, sum(amount) s from posted group by id),
    per_account as (select account_id, sum(amount) s from posted group by account_id),
    line_month as (select account_id, date_trunc('month', entry_date)::date m, sum(amount) s from posted group by 1, 2),
    pb as (select account_id, month, amount from book_period_balances where entity_id = ${entityId})
    select
      (select count(*) from per_entry where n < 2 or s <> 0)::int as unbalanced,
      (select coalesce(sum(s), 0) from per_account)::text as total,
      (select count(*) from line_month lm full join pb on pb.account_id = lm.account_id and pb.month = lm.m
        where coalesce(lm.s, 0) <> coalesce(pb.amount, 0))::int as balance_mismatch,
      (select coalesce(json_agg(json_build_array(account_id, s::text)), '[]'::json)::text from per_account) as accounts,
      (select md5(coalesce(string_agg(id || ':' || line_no || ':' || account_id || ':' || amount || ':' || entry_date, ',' order by id, line_no), ''))
        from posted where id <= ${previousMaxId}) as prefix_digest,
      (select md5(coalesce(string_agg(id || ':' || line_no || ':' || account_id || ':' || amount || ':' || entry_date, ',' order by id, line_no), ''))
        from posted) as digest,
      (select coalesce(max(id), 0) from posted)::text as max_id`);
  const [row] = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  if (!row) throw new Error('no invariant row');
  return {
    unbalanced: Number(row.unbalanced),
    total: Number(row.total),
    mismatch: Number(row.balance_mismatch),
    accounts: new Map(
      (JSON.parse(String(row.accounts)) as [number, string][]).map(([a, s]) => [Number(a), Number(s)]),
    ),
    prefixDigest: String(row.prefix_digest),
    digest: String(row.digest),
    maxId: Number(row.max_id),
  };
}

describe.each(everyBackend)('books walk (%s)', (backend) => {
  const t = useTestApp(backend);
  let base: { scope: Omit<BooksScope, 'entityId' | 'entityGuid'>; clientId: number };
  let run = 0;

  beforeAll(async () => {
    const b = await billBooks(t);
    base = {
      scope: {
        clientId: b.client.id,
        organizationId: b.client.organizationId,
        via: 'staff',
        userId: 1,
        actor: { actorUserId: null, maskedByUserId: null, requestId: 'walk', ipAddress: null },
      },
      clientId: b.client.id,
    };
    await writeSettings(t.deps.database.db, { ...base.scope }, { ledger_posting: true }, new Date());
  });

  /** A fresh entity of the client with one account per family and a few more; bills book its charts. */
  async function freshBooks() {
    const { db } = t.deps.database;
    run += 1;
    const [entity] = await db
      .insert(entities)
      .values({ clientId: base.clientId, kind: 'legal_entity', nickname: `Walk ${run}` })
      .returning();
    if (!entity) throw new Error('no entity');
    const scope: BooksScope = { ...base.scope, entityId: entity.id, entityGuid: entity.guid };
    const subtypes: Record<AccountFamily, string[]> = {
      asset: ['bank', 'fixed_asset'],
      liability: ['credit_card', 'long_term_liability'],
      equity: ['equity'],
      income: ['income'],
      expense: ['expense', 'other_expense'],
    };
    const accounts: { id: number; guid: string }[] = [];
    for (const family of ACCOUNT_FAMILY_VALUES)
      for (const subtype of subtypes[family]) {
        const created = await createAccount(db, scope, { name: `${subtype} ${accounts.length}`, subtype });
        const [row] = await db
          .select({ id: bookAccounts.id })
          .from(bookAccounts)
          .where(eq(bookAccounts.guid, created.guid));
        accounts.push({ id: row?.id ?? 0, guid: created.guid });
      }
    return { scope, accounts };
  }

  // The full 10,000-step walk takes minutes: the timeout grows with the steps. At 10,000 steps it took
  // 947 s on PGlite on a quiet machine and 1,500 s on PostgreSQL with other work on the machine
  // (2026-11-29, when 150 ms a step timed the PGlite walk out beside it): 400 ms a step leaves room.
  it(`keeps every invariant over a ${STEPS}-step walk`, {
    timeout: Math.max(600_000, STEPS * 400),
  }, async () => {
    const { db } = t.deps.database;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: STEPS, maxLength: STEPS }), async (steps: Step[]) => {
        const { scope, accounts } = await freshBooks();
        const model = new Model();
        let previous = { digest: '', maxId: 0 };
        let billNo = 0;
        let bankNo = 0;
        const bank = accounts[0] as { id: number; guid: string }; // the 'bank' subtype: bank lines feed it
        const idOf = (i: number) => accounts[i % accounts.length] as { id: number; guid: string };
        const now = new Date();

        for (const [index, step] of steps.entries()) {
          switch (step.t) {
            case 'post':
            case 'unbalanced': {
              const date = dateOf(step.month, step.day);
              const lines = step.lines
                .filter((l) => l.cents !== 0)
                .map((l) => [idOf(l.account), l.cents] as const);
              const sum = lines.reduce((s, [, c]) => s + c, 0);
              const balanced = step.t === 'post';
              const all =
                balanced && sum !== 0
                  ? [...lines, [idOf(step.lines.length + step.day), -sum] as const]
                  : lines;
              const input = {
                date,
                status: step.t === 'post' && step.draft ? ('draft' as const) : ('posted' as const),
                lines: all.map(([a, c]) => ({
                  account: a.guid,
                  debit: Math.max(c, 0),
                  credit: Math.max(-c, 0),
                })),
              };
              const postable = all.length >= 2 && all.reduce((s, [, c]) => s + c, 0) === 0;
              const write = async () => {
                const entry = await createJournal(db, scope, input, now);
                return input.status === 'draft' ? postDraft(db, scope, entry.guid, now) : entry;
              };
              let refusal: string | null = null;
              let guid = '';
              try {
                guid = (await write()).guid;
              } catch (error) {
                refusal = ledgerRefusal(error)?.code ?? (error as { code?: string }).code ?? String(error);
              }
              if (!postable) expect(refusal).not.toBeNull();
              else if (model.isClosed(date)) expect(refusal).toBe('period_closed');
              else {
                expect(refusal).toBeNull();
                model.add({ guid, date, lines: all.map(([a, c]) => [a.id, c]), reversible: true });
              }
              break;
            }
            case 'reverse': {
              const candidates = model.entries.filter((e) => e.reversible);
              const original = candidates[step.pick % Math.max(candidates.length, 1)];
              if (!original) break;
              try {
                const reversal = await reverseJournal(db, scope, original.guid, {}, now);
                expect(model.isClosed(original.date)).toBe(false);
                original.reversible = false;
                model.add({
                  guid: reversal.guid,
                  date: original.date,
                  lines: original.lines.map(([a, c]) => [a, -c]),
                  reversible: false,
                });
              } catch (error) {
                expect((error as { code?: string }).code).toBe('period_closed');
                expect(model.isClosed(original.date)).toBe(true);
              }
              break;
            }
            case 'close': {
              const month = monthKey(step.month);
              if (model.closed.has(month)) break;
              await closePeriod(db, scope, month, now);
              model.closed.add(month);
              break;
            }
            case 'reopen': {
              const closed = [...model.closed];
              const month = closed[step.pick % Math.max(closed.length, 1)];
              if (!month) break;
              await reopenPeriod(db, scope, month);
              model.closed.delete(month);
              break;
            }
            case 'bill': {
              // A bill approved to payment and paid on the same day, through the bill-posting port.
              const date = dateOf(step.month, step.day);
              billNo += 1;
              const billGuid = `00000000-0000-4000-8000-${String(billNo).padStart(12, '0')}`;
              const posting = {
                clientId: scope.clientId,
                entityId: scope.entityId,
                billGuid,
                round: 1,
                date,
                memo: 'walk bill',
                amount: step.cents,
                lines: [],
                userId: null,
                now,
              };
              try {
                await underLedgerRules(() =>
                  db.transaction(async (tx) => {
                    await postBillEvent(tx, { ...posting, event: 'approved' });
                    await postBillEvent(tx, { ...posting, event: 'paid' });
                  }),
                );
              } catch (error) {
                expect((error as { code?: string }).code).toBe('period_closed');
                expect(model.isClosed(date)).toBe(true);
                break;
              }
              expect(model.isClosed(date)).toBe(false);
              // A bill without lines books its amount as uncategorised expense against A/P, then A/P
              // against bill-pay cash: read the accounts it made to follow them in the model.
              const system = await db
                .select({ id: bookAccounts.id, role: bookAccounts.systemRole })
                .from(bookAccounts)
                .where(eq(bookAccounts.entityId, scope.entityId));
              const role = (r: string) => system.find((s) => s.role === r)?.id ?? -1;
              model.add({
                guid: `${billGuid}:approved`,
                date,
                lines: [
                  [role('uncategorized_expense'), step.cents],
                  [role('accounts_payable'), -step.cents],
                ],
                reversible: false,
              });
              model.add({
                guid: `${billGuid}:paid`,
                date,
                lines: [
                  [role('accounts_payable'), step.cents],
                  [role('bill_pay_cash'), -step.cents],
                ],
                reversible: false,
              });
              model.paidBills.push({ guid: billGuid, paidDate: date });
              break;
            }
            case 'reverse_payment': {
              const bill = model.paidBills[step.pick % Math.max(model.paidBills.length, 1)];
              if (!bill) break;
              const date = dateOf(step.month, step.day);
              const posting = {
                clientId: scope.clientId,
                entityId: scope.entityId,
                billGuid: bill.guid,
                round: 1,
                date,
                memo: 'walk reversal',
                amount: 0,
                lines: [],
                userId: null,
                now,
              };
              try {
                await underLedgerRules(() =>
                  db.transaction((tx) => postBillEvent(tx, { ...posting, event: 'payment_reversed' })),
                );
              } catch (error) {
                expect((error as { code?: string }).code).toBe('period_closed');
                expect(model.isClosed(date)).toBe(true);
                break;
              }
              expect(model.isClosed(date)).toBe(false);
              model.paidBills = model.paidBills.filter((b) => b !== bill);
              const paid = model.entries.find((e) => e.guid === `${bill.guid}:paid`);
              if (!paid) throw new Error('model lost a payment');
              model.add({
                guid: `${bill.guid}:reversal`,
                date,
                lines: paid.lines.map(([a, c]) => [a, -c]),
                reversible: false,
              });
              break;
            }
            case 'bank_line': {
              const date = dateOf(step.month, step.day);
              const word = WORDS[step.word] ?? 'COFFEE';
              bankNo += 1;
              await db.transaction((tx) =>
                receiveBankLines(tx, {
                  entityId: scope.entityId,
                  bookAccountId: bank.id,
                  lines: [
                    {
                      externalId: `w${bankNo}`,
                      date,
                      amountCents: step.cents,
                      description: `${word} ${bankNo}`,
                      pending: false,
                    },
                  ],
                }),
              );
              const [row] = await db
                .select({ guid: bookBankLines.guid })
                .from(bookBankLines)
                .where(eq(bookBankLines.externalId, `w${bankNo}`));
              model.bankLines.push({
                guid: row?.guid ?? '',
                date,
                cents: step.cents,
                word,
                entry: null,
                batch: null,
              });
              break;
            }
            case 'rule': {
              const word = WORDS[step.word] ?? 'COFFEE';
              const percents = percentsOf(step.splits.map((x) => x.share));
              const splits = step.splits.map((x, i) => [x.account, percents[i] ?? 0] as [number, number]);
              await createRule(db, scope, {
                name: `${word} rule`,
                filters: { description_contains: word.toLowerCase() },
                action: {
                  type: 'categorize',
                  splits: splits.map(([a, p]) => ({ account: idOf(a).guid, percent: p })),
                },
              });
              model.rules.push({ word, splits });
              break;
            }
            case 'apply': {
              // The model applies the rules in creation (= priority) order: the first match wins.
              const taken: { line: ModelBankLine; rule: (typeof model.rules)[number] }[] = [];
              for (const rule of model.rules)
                for (const line of model.bankLines)
                  if (
                    line.entry === null &&
                    !model.isClosed(line.date) &&
                    line.word === rule.word &&
                    !taken.some((x) => x.line === line)
                  )
                    taken.push({ line, rule });
              const result = await applyRules(db, scope, {}, now);
              expect(result.categorized, `step ${index}: lines a batch categorised`).toBe(taken.length);
              if (!result.batch) break;
              const batch = { guid: result.batch.guid, lines: [] as ModelBankLine[], undone: false };
              for (const { line, rule } of taken) {
                const parts = splitCents(
                  -line.cents,
                  rule.splits.map(([, p]) => Math.round(p * 100)),
                );
                const entry: ModelEntry = {
                  guid: `${line.guid}:rule`,
                  date: line.date,
                  lines: [
                    [bank.id, line.cents],
                    ...rule.splits.map(([a, _], i) => [idOf(a).id, parts[i] ?? 0] as [number, number]),
                  ].filter(([, c]) => c !== 0) as [number, number][],
                  reversible: false,
                };
                model.add(entry);
                line.entry = entry;
                line.batch = batch.guid;
                batch.lines.push(line);
              }
              model.batches.push(batch);
              break;
            }
            case 'undo': {
              const open = model.batches.filter((b) => !b.undone);
              const batch = open[step.pick % Math.max(open.length, 1)];
              if (!batch) break;
              const still = batch.lines.filter((l) => l.batch === batch.guid);
              try {
                await undoBatch(db, scope, batch.guid, now);
              } catch (error) {
                expect((error as { code?: string }).code).toBe('period_closed');
                expect(still.some((l) => model.isClosed(l.date))).toBe(true);
                break;
              }
              expect(still.some((l) => model.isClosed(l.date))).toBe(false);
              batch.undone = true;
              for (const line of still) {
                const entry = line.entry as ModelEntry;
                model.add({
                  guid: `${entry.guid}:undo`,
                  date: entry.date,
                  lines: entry.lines.map(([a, c]) => [a, -c]),
                  reversible: false,
                });
                line.entry = null;
                line.batch = null;
              }
              break;
            }
            case 'correct': {
              const line = model.bankLines[step.pick % Math.max(model.bankLines.length, 1)];
              if (!line) break;
              const target = idOf(step.account);
              try {
                await categorizeByHand(
                  db,
                  scope,
                  line.guid,
                  { action: { type: 'categorize', splits: [{ account: target.guid, percent: 100 }] } },
                  now,
                );
              } catch (error) {
                expect((error as { code?: string }).code).toBe('period_closed');
                expect(model.isClosed(line.date)).toBe(true);
                break;
              }
              expect(model.isClosed(line.date)).toBe(false);
              if (line.entry) {
                const old = line.entry;
                model.add({
                  guid: `${old.guid}:undo`,
                  date: old.date,
                  lines: old.lines.map(([a, c]) => [a, -c]),
                  reversible: false,
                });
              }
              const entry: ModelEntry = {
                guid: `${line.guid}:manual`,
                date: line.date,
                lines: [
                  [bank.id, line.cents],
                  [target.id, -line.cents],
                ],
                reversible: false,
              };
              model.add(entry);
              line.entry = entry;
              line.batch = null;
              break;
            }
          }

          const now2 = await invariants(db, scope.entityId, previous.maxId);
          expect(now2.unbalanced, `step ${index} ${step.t}: unbalanced entries`).toBe(0);
          expect(now2.total, `step ${index}: trial balance`).toBe(0);
          expect(now2.mismatch, `step ${index}: period balances`).toBe(0);
          expect(now2.prefixDigest, `step ${index}: a posted entry changed`).toBe(
            previous.digest || now2.prefixDigest,
          );
          const expected = new Map([...model.totals].filter(([, c]) => c !== 0));
          const actual = new Map([...now2.accounts].filter(([, c]) => c !== 0));
          expect(actual, `step ${index}: account totals`).toEqual(expected);
          previous = { digest: now2.digest, maxId: now2.maxId };

          if ((index + 1) % CHECKPOINT === 0 || index === steps.length - 1) {
            // Steps without a month of their own (reverse, apply, undo, …) take March 2025.
            const a = dateOf('month' in step && step.t !== 'close' ? step.month : 3, 10);
            const [from, to] = a < '2026-07-15' ? [a, '2026-07-15'] : ['2026-07-15', a];
            const tb = await trialBalance(db, scope, from, to);
            expect(tb.total_debit).toBe(tb.total_credit);
            const expectedRange = new Map([...model.range(from, to)].filter(([, c]) => c !== 0));
            const rows = await db
              .select({ id: bookAccounts.id, guid: bookAccounts.guid })
              .from(bookAccounts)
              .where(eq(bookAccounts.entityId, scope.entityId));
            const idByGuid = new Map(rows.map((r) => [r.guid, r.id]));
            expect(new Map(tb.rows.map((r) => [idByGuid.get(r.account.guid), r.debit - r.credit]))).toEqual(
              expectedRange,
            );
            const bs = await balanceSheet(db, scope, to);
            expect(bs.total_liabilities_and_equity).toBe(bs.assets.total);
          }
        }
        // The walk did apply and undo feeder rules (not only write them).
        if (STEPS >= 200) {
          expect(model.batches.filter((b) => b.lines.length > 0).length).toBeGreaterThan(0);
          expect(model.batches.some((b) => b.undone)).toBe(true);
        }
      }),
      { numRuns: 1, endOnFailure: true },
    );
  });
});
