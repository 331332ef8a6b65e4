import type { BalanceSheet, GeneralLedger, JournalEntry, ProfitAndLoss, TrialBalance } from '@bp/contracts';
import { ACCOUNT_CATALOGUE } from '@bp/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyBackend, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { userFeatures } from '../users/tables.ts';
import { ledgerRefusal } from './errors.ts';
import { bookPeriodBalances, journalEntries, journalLines } from './tables.ts';
import { booksKit } from './test-support.ts';

/** The ledger rule (SQLSTATE BK00x, answered as a BooksError code) a write broke, or 'none'. */
async function refusalOf(write: PromiseLike<unknown>): Promise<string> {
  try {
    await write;
    return 'none';
  } catch (error) {
    return ledgerRefusal(error)?.code ?? String(error);
  }
}

/** The net (debit positive) of every report row: zero when the trial balance balances. */
const netOf = (tb: TrialBalance) => tb.rows.reduce((s, r) => s + r.debit - r.credit, 0);

describe.each(everyBackend)('books (%s)', (backend) => {
  const t = useTestApp(backend);
  let admin: Caller;
  let kit: Awaited<ReturnType<typeof booksKit>>;

  beforeAll(async () => {
    admin = caller(t, await login(t.app, 'manager@demo.test'));
    kit = await booksKit(t, admin);
  });

  it('keeps accounts from the seeded catalogue, with pins and clear refusals', async () => {
    const catalogue = await admin.get('/v2/integrations/proxy/admin/account-types');
    expect(catalogue.statusCode).toBe(200);
    const body = catalogue.json();
    expect(body.types.map((x: { code: string }) => x.code)).toEqual([
      'asset',
      'liability',
      'equity',
      'income',
      'expense',
    ]);
    expect(body.subtypes).toHaveLength(ACCOUNT_CATALOGUE.length);
    expect(body.detail_types).toHaveLength(ACCOUNT_CATALOGUE.flatMap((s) => s.detailTypes).length);

    const bank = await kit.account({
      number: '1010',
      name: 'Operating',
      subtype: 'bank',
      detail_type: 'checking',
    });
    expect(bank).toMatchObject({
      family: 'asset',
      subtype: 'bank',
      detail_type: 'checking',
      is_pinned: false,
    });

    const wrongDetail = await admin.post(`${kit.base}/accounts`, {
      name: 'X',
      subtype: 'bank',
      detail_type: 'mortgage',
    });
    expect(wrongDetail.statusCode).toBe(400);
    expect(wrongDetail.json()).toEqual({ detail_type: ['Choose a detailed type of this subtype.'] });
    const unknown = await admin.post(`${kit.base}/accounts`, { name: 'X', subtype: 'nope' });
    expect(unknown.json()).toEqual({ subtype: ['Choose a subtype of the catalogue.'] });
    const taken = await admin.post(`${kit.base}/accounts`, { number: '1010', name: 'Y', subtype: 'bank' });
    expect(taken.json()).toEqual({ number: ['Another account of this entity has this number.'] });

    expect((await admin.put(`${kit.base}/pins/${bank.guid}`)).statusCode).toBe(204);
    const pinned = await admin.get(`${kit.base}/accounts?pinned=true`);
    expect(pinned.json().results.map((a: { guid: string }) => a.guid)).toEqual([bank.guid]);
    expect((await admin.del(`${kit.base}/pins/${bank.guid}`)).statusCode).toBe(204);
    expect((await admin.get(`${kit.base}/accounts?pinned=true`)).json().count).toBe(0);

    const renamed = await admin.patch(`${kit.base}/accounts/${bank.guid}`, { name: 'Operating account' });
    expect(renamed.json().name).toBe('Operating account');

    // A client user reads the books only with the Books feature; never writes them.
    const wf = workflowKit(t);
    const client = await wf.clientUser('client');
    expect((await client.as.get(`${kit.base}/accounts`)).statusCode).toBe(403);
    await t.deps.database.db.insert(userFeatures).values({ userId: client.user.id, featureName: 'BOOKS' });
    expect((await client.as.get(`${kit.base}/accounts`)).statusCode).toBe(200);
    expect((await client.as.post(`${kit.base}/accounts`, { name: 'Z', subtype: 'bank' })).statusCode).toBe(
      403,
    );
  });

  it('posts balanced entries, reverses them, closes periods and reports from period balances', async () => {
    const cash = await kit.account({ number: '1000', name: 'Cash', subtype: 'bank' });
    const card = await kit.account({ number: '2100', name: 'Amex', subtype: 'credit_card' });
    const capital = await kit.account({ number: '3000', name: 'Capital', subtype: 'equity' });
    const rent = await kit.account({ number: '4000', name: 'Rent income', subtype: 'income' });
    const repairs = await kit.account({ number: '6000', name: 'Repairs', subtype: 'expense' });

    const unbalanced = await admin.post(`${kit.base}/journals`, {
      date: '2025-03-10',
      lines: [
        { account: cash.guid, debit: 100 },
        { account: capital.guid, credit: 99 },
      ],
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json()).toEqual({ detail: 'Debits must equal credits.', code: 'unbalanced_entry' });

    await kit.post('2025-01-05', [
      [cash, 1_000_000],
      [capital, -1_000_000],
    ]);
    await kit.post('2025-12-20', [
      [cash, 250_000],
      [rent, -250_000],
    ]);
    const repair = await kit.post('2026-02-14', [
      [repairs, 40_000],
      [card, -40_000],
    ]);
    expect(repair).toMatchObject({ status: 'posted', total: 40_000, source: 'manual' });

    // Reversal: a new entry with the opposite lines; the original never changes.
    const reversed = await admin.post(`${kit.base}/journals/${repair.guid}/reverse`, { date: '2026-02-20' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const reversal = reversed.json() as JournalEntry;
    expect(reversal.reversal_of).toBe(repair.guid);
    expect(reversal.lines.map((l) => [l.account.guid, l.debit, l.credit])).toEqual([
      [repairs.guid, 0, 40_000],
      [card.guid, 40_000, 0],
    ]);
    const again = await admin.post(`${kit.base}/journals/${repair.guid}/reverse`, {});
    expect(again.statusCode).toBe(409);
    const original = (await admin.get(`${kit.base}/journals/${repair.guid}`)).json() as JournalEntry;
    expect(original).toMatchObject({ status: 'posted', reversed_by: reversal.guid, lines: repair.lines });
    expect((await admin.del(`${kit.base}/journals/${repair.guid}`)).statusCode).toBe(409);

    // A draft may be unbalanced; posting it is refused until it balances, and deleting it is allowed.
    const draft = await kit.post(
      '2026-03-01',
      [
        [repairs, 10_000],
        [cash, -10_000],
      ],
      'draft',
    );
    expect(draft.status).toBe('draft');

    // Closing March refuses posting into it (the draft too), reopening allows it again.
    const closed = await admin.post(`${kit.base}/closed-periods`, { month: '2026-03' });
    expect(closed.statusCode).toBe(201);
    expect((await admin.post(`${kit.base}/closed-periods`, { month: '2026-03' })).statusCode).toBe(409);
    const refused = await admin.post(`${kit.base}/journals/${draft.guid}/post`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('period_closed');
    expect((await admin.del(`${kit.base}/closed-periods/2026-03`)).statusCode).toBe(204);
    const posted = await admin.post(`${kit.base}/journals/${draft.guid}/post`);
    expect(posted.statusCode, posted.body).toBe(200);

    // Trial balance over everything: balanced, each account on its side.
    const tb = (await admin.get(`${kit.base}/reports/trial?to=2026-03-31`)).json() as TrialBalance;
    expect(tb.total_debit).toBe(tb.total_credit);
    expect(netOf(tb)).toBe(0);
    const byName = Object.fromEntries(tb.rows.map((r) => [r.account.name, r]));
    expect(byName.Cash).toMatchObject({ debit: 1_240_000, credit: 0, balance: 1_240_000 });
    expect(byName.Capital).toMatchObject({ debit: 0, credit: 1_000_000, balance: 1_000_000 });
    expect(byName.Repairs).toMatchObject({ debit: 10_000, balance: 10_000 });
    expect(byName.Amex).toBeUndefined();

    // The whole months come from period balances; a partial range reads lines only for its edges.
    const partial = (await admin.get(`${kit.base}/reports/trial?from=2025-12-15&to=2026-02-16`)).json();
    expect(
      Object.fromEntries(partial.rows.map((r: TrialBalance['rows'][number]) => [r.account.name, r.balance])),
    ).toEqual({
      Cash: 250_000,
      Amex: 40_000,
      'Rent income': 250_000,
      Repairs: 40_000,
    });

    // Balance sheet: 2025's income is retained, 2026's expense is current earnings; it balances.
    const bs = (await admin.get(`${kit.base}/reports/balance?to=2026-03-31`)).json() as BalanceSheet;
    expect(bs.assets.total).toBe(1_240_000);
    expect(bs.retained_earnings).toBe(250_000);
    expect(bs.current_earnings).toBe(-10_000);
    expect(bs.total_liabilities_and_equity).toBe(bs.assets.total);

    const pl = (
      await admin.get(`${kit.base}/reports/profit-and-loss?from=2025-01-01&to=2025-12-31`)
    ).json() as ProfitAndLoss;
    expect(pl).toMatchObject({ income: { total: 250_000 }, expenses: { total: 0 }, net_income: 250_000 });

    // General ledger: opening from earlier months, each line naming its entry (the drill-down).
    const gl = (
      await admin.get(`${kit.base}/reports/general-ledger?from=2026-01-01&to=2026-03-31&account=${cash.guid}`)
    ).json() as GeneralLedger;
    expect(gl.accounts).toHaveLength(1);
    expect(gl.accounts[0]).toMatchObject({ opening: 1_250_000, closing: 1_240_000 });
    expect(gl.accounts[0]?.lines.map((l) => [l.entry, l.credit, l.running])).toEqual([
      [draft.guid, 10_000, 1_240_000],
    ]);

    // XLSX: the totals row carries the same figures, in dollars.
    const file = await admin.get(`${kit.base}/reports/trial/xlsx?to=2026-03-31`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const last = sheet?.getRow(sheet.rowCount);
    expect([last?.getCell(2).value, last?.getCell(3).value, last?.getCell(4).value]).toEqual([
      'Total',
      tb.total_debit / 100,
      tb.total_credit / 100,
    ]);
    const bsFile = await admin.get(`${kit.base}/reports/balance/xlsx?to=2026-03-31`);
    expect(bsFile.statusCode).toBe(200);
  });

  it('refuses an unbalanced or changed posted entry in the database itself', async () => {
    const { db } = t.deps.database;
    const a = await kit.account({ name: 'DB check A', subtype: 'bank' });
    const bAcc = await kit.account({ name: 'DB check B', subtype: 'equity' });
    const ids = await db.execute(
      sql`select id from book_accounts where guid in (${a.guid}, ${bAcc.guid}) order by name`,
    );
    const [idA, idB] = (ids as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id));
    const entity = kit.b.legal.id;

    // Unbalanced lines, straight through SQL: the deferred trigger refuses at commit.
    expect(
      await refusalOf(
        db.transaction(async (tx) => {
          const [e] = await tx
            .insert(journalEntries)
            .values({ entityId: entity, entryDate: '2026-05-01', source: 'import', status: 'posted' })
            .returning();
          await tx.insert(journalLines).values([
            { entryId: e?.id ?? 0, lineNo: 1, accountId: idA ?? 0, amount: 500 },
            { entryId: e?.id ?? 0, lineNo: 2, accountId: idB ?? 0, amount: -400 },
          ]);
        }),
      ),
    ).toBe('unbalanced_entry');
    // One line only.
    expect(
      await refusalOf(
        db.transaction(async (tx) => {
          const [e] = await tx
            .insert(journalEntries)
            .values({ entityId: entity, entryDate: '2026-05-01', source: 'import', status: 'posted' })
            .returning();
          await tx
            .insert(journalLines)
            .values([{ entryId: e?.id ?? 0, lineNo: 1, accountId: idA ?? 0, amount: 0 }]);
        }),
      ),
    ).toBe('unbalanced_entry');

    const good = await kit.post('2026-05-02', [
      [a, 700],
      [bAcc, -700],
    ]);
    const [row] = await db.select().from(journalEntries).where(eq(journalEntries.guid, good.guid));
    expect(
      await refusalOf(
        db
          .update(journalLines)
          .set({ amount: 800 })
          .where(eq(journalLines.entryId, row?.id ?? 0)),
      ),
    ).toBe('entry_posted');
    expect(await refusalOf(db.delete(journalEntries).where(eq(journalEntries.id, row?.id ?? 0)))).toBe(
      'entry_posted',
    );
    expect(
      await refusalOf(
        db.insert(journalLines).values({ entryId: row?.id ?? 0, lineNo: 3, accountId: idA ?? 0, amount: 0 }),
      ),
    ).toBe('entry_posted');

    // Period balances were kept as the entry posted.
    const balances = await db
      .select()
      .from(bookPeriodBalances)
      .where(eq(bookPeriodBalances.accountId, idA ?? 0));
    expect(balances.map((x) => [x.month, x.amount])).toEqual([['2026-05-01', 700]]);

    // Posting into a closed period, straight through SQL.
    await admin.post(`${kit.base}/closed-periods`, { month: '2026-06' });
    expect(
      await refusalOf(
        db
          .insert(journalEntries)
          .values({ entityId: entity, entryDate: '2026-06-03', source: 'import', status: 'posted' }),
      ),
    ).toBe('period_closed');
  });

  it('posts a bill once when approved to payment, paid and its payment reversed', async () => {
    const wf = workflowKit(t);
    const settings = `/v2/integrations/proxy/client/clients/${kit.b.client.guid}/settings`;
    expect((await admin.put(settings, { ledger_posting: true })).json()).toEqual({ ledger_posting: true });

    const bill = await wf.paymentPendingBill();
    const bySource = async () =>
      (
        (await admin.get(`${kit.base}/journals?source=bill&page_size=100`)).json().results as JournalEntry[]
      ).map((e) => [e.kind, e.total, e.source_id]);
    expect(await bySource()).toEqual([['bill_approved', bill.amount, `${bill.guid}:1`]]);

    const manager = await wf.as('manager@demo.test');
    const paid = await wf.pay(manager, bill);
    expect(paid.statusCode, paid.body).toBe(200);
    // A retried payment is refused by the workflow and posts nothing more.
    expect((await wf.pay(manager, bill)).statusCode).toBe(409);
    const reverse = await manager.post(`${kit.b.bill(bill.guid)}/workflow/reverse-payment`, {
      reason: 'Bounced',
    });
    expect(reverse.statusCode, reverse.body).toBe(200);
    const kinds = (await bySource()).map(([kind]) => kind).sort();
    expect(kinds).toEqual(['bill_approved', 'bill_paid', 'bill_paid:reversal']);

    // A/P holds the bill again after the reversal; the books balance.
    const tb = (await admin.get(`${kit.base}/reports/trial?to=2099-12-31`)).json() as TrialBalance;
    expect(netOf(tb)).toBe(0);
    const ap = tb.rows.find((r) => r.account.subtype === 'accounts_payable');
    expect(ap?.balance).toBe(bill.amount);

    // Two payments at once (concurrent on PostgreSQL): one pays and posts, the other is refused.
    const statuses = (await Promise.all([wf.pay(manager, bill), wf.pay(manager, bill)])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const paidKinds = (await bySource()).filter(([kind]) => kind === 'bill_paid');
    expect(paidKinds.map(([, , sourceId]) => sourceId).sort()).toEqual([
      `${bill.guid}:1:1`,
      `${bill.guid}:1:2`,
    ]);
    const after = (await admin.get(`${kit.base}/reports/trial?to=2099-12-31`)).json() as TrialBalance;
    expect(after.rows.find((r) => r.account.subtype === 'accounts_payable')).toBeUndefined();
  });
});
