import type { BankLine, BankLineMatch, BookAccount, FeedAccount, TrialBalance } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import {
  operatingAccount,
  type PlaidStandIn,
  type StandInTransaction,
} from '../bank-feeds/plaid-stand-in-test-support.ts';
import { linkBank, plaidFor } from '../bank-feeds/test-support.ts';
import { bills } from '../bill-core/tables.ts';
import { billKit } from '../bill-search/test-support.ts';
import { postBillEvent } from '../books/index.ts';
import { bookClientSettings } from '../books/tables.ts';
import { clientInstitutions } from '../client-records/tables.ts';

const CHECKING = 'acc-books-checking';
const SAVINGS = 'acc-books-savings';
const line = (
  id: string,
  amount: number,
  date: string,
  name: string,
  extra: Partial<StandInTransaction> = {},
): StandInTransaction => ({
  transaction_id: id,
  account_id: CHECKING,
  amount,
  date,
  name,
  pending: false,
  ...extra,
});

/** Net (debit positive) per account name of a trial balance, accounts at zero left out. */
const netByName = (tb: TrialBalance) =>
  Object.fromEntries(
    tb.rows.filter((r) => r.debit !== r.credit).map((r) => [r.account.name, r.debit - r.credit]),
  );

const OPERATING = 'First Platypus Bank Operating ••4821';
const RESERVE = 'First Platypus Bank Reserve ••9911';

/**
 * Fed bank lines in the books (decision 037): a fed account tied to a books account at the first sync,
 * every line received at sync time (pending ones post nothing, a posted one once, removed ones reversed,
 * re-syncs never twice), feeder rules on arrival, matched lines cleared against the bill's payment instead
 * of booking the expense again (and undone), and tying the account to another books account.
 */
describe.each(backends)('bank lines in the books (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let plaid: PlaidStandIn;
  let staff: Caller;
  let base: string;
  let books: string;
  let powerBill: string;
  let interest: BookAccount;
  let meals: BookAccount;

  const overview = async () => {
    const answer = await staff.get(`${base}/aggregator-accounts`);
    expect(answer.statusCode).toBe(200);
    return answer.json().accounts as FeedAccount[];
  };
  const operating = async () => (await overview()).find((a) => a.mask === '4821') as FeedAccount;
  const bookLines = async (accountGuid?: string) => {
    const account = accountGuid ?? (await operating()).book_account?.guid;
    const answer = await staff.get(`${books}/bank-lines?page_size=100&account=${account}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { results: BankLine[] }).results;
  };
  const statusOf = async (externalId: string) =>
    (await bookLines()).find((l) => l.external_id === externalId)?.status ?? 'absent';
  const trial = async () =>
    netByName((await staff.get(`${books}/reports/trial?to=2026-12-31`)).json() as TrialBalance);
  const sync = async () => {
    const answer = await staff.post(`${base}/aggregator-accounts/sync`);
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const account = async (body: Record<string, unknown>) => {
    const res = await staff.post(`${books}/accounts`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BookAccount;
  };

  beforeAll(async () => {
    plaid = await plaidFor(t);
    staff = caller(t, await login(t.app, 'manager@demo.test'));
    await kit.clearBills();
    const { client, legal } = await kit.demoClient('Harper Household');
    base = `/v1/accounts/clients/${client.guid}`;
    books = `/v2/integrations/proxy/entity/clients/${client.guid}/entities/${legal.guid}`;
    interest = await account({ number: '4900', name: 'Interest income', subtype: 'income' });
    meals = await account({ number: '6300', name: 'Meals', subtype: 'expense' });
    // Rules that exist before the bank is linked run on the first sync's lines.
    for (const [name, text, target] of [
      ['Interest', 'INTEREST', interest],
      ['Coffee', 'COFFEE', meals],
    ] as const) {
      const rule = await staff.post(`${books}/feeder-rules`, {
        name,
        filters: { description_contains: text },
        action: { type: 'categorize', splits: [{ account: target.guid, percent: 100 }] },
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }

    // A bill paid from the fed account, its approval and payment booked by the ledger posting.
    const { db } = t.deps.database;
    await db.insert(bookClientSettings).values({ clientId: client.id, ledgerPosting: true });
    powerBill = await kit.insertBill('Harper Household', {
      vendor: 'Pacific Power & Light',
      amount: 12_025,
      status: 'paid',
      paidDate: '2026-10-01',
    });
    const [operatingInstitution] = await db
      .select()
      .from(clientInstitutions)
      .where(eq(clientInstitutions.accountLast4, '4821'));
    await db
      .update(bills)
      .set({ paidFromInstitutionId: operatingInstitution?.id, paymentReference: 'ACH-7781' })
      .where(eq(bills.guid, powerBill));
    await db.transaction(async (tx) => {
      for (const event of ['approved', 'paid'] as const)
        await postBillEvent(tx, {
          event,
          clientId: client.id,
          entityId: legal.id,
          billGuid: powerBill,
          round: 1,
          date: '2026-10-01',
          memo: 'Pacific Power & Light',
          amount: 12_025,
          lines: [],
          userId: null,
          now: new Date(),
        });
    });

    await linkBank(staff, plaid, client.guid, legal.guid, {
      institutionName: 'First Platypus Bank',
      accounts: [
        operatingAccount(CHECKING, 5000),
        {
          account_id: SAVINGS,
          name: 'Reserve',
          official_name: null,
          mask: '9911',
          type: 'depository',
          subtype: 'savings',
          current: 1000,
          available: 1000,
        },
      ],
      transactions: [
        line('b1', 120.25, '2026-10-02', 'PACIFIC POWER & LIGHT ACH'),
        line('b2', -1.5, '2026-10-03', 'INTEREST PAYMENT'),
        line('b3', 40, '2026-10-04', 'HARDWARE STORE'),
        line('b4', 6.5, '2026-10-05', 'COFFEE CORNER', { pending: true }),
      ],
    });
  });
  afterAll(() => plaid?.close());

  it('ties each bank account to a new books account at the first sync and lands every line there', async () => {
    const accounts = await overview();
    expect(accounts.map((a) => a.book_account?.name).sort()).toEqual([OPERATING, RESERVE]);
    const lines = await bookLines();
    expect(lines.map((l) => [l.external_id, l.amount, l.status]).sort()).toEqual([
      ['b1', -12_025, 'uncategorized'],
      ['b2', 150, 'categorized'],
      ['b3', -4_000, 'uncategorized'],
      ['b4', -650, 'pending'],
    ]);
    // The interest rule ran on arrival; the pending coffee posts nothing yet.
    expect(lines.find((l) => l.external_id === 'b2')).toMatchObject({ categorized_by: 'rule' });
    const tb = await trial();
    expect(tb[OPERATING]).toBe(150);
    expect(tb['Interest income']).toBe(-150);
    expect(tb.Meals).toBeUndefined();
  });

  it('posts a pending line once when it posts, reverses removed lines, and never twice on a re-sync', async () => {
    // The coffee posts: a new transaction naming the pending one.
    plaid.addTransactions([
      line('b5', 6.5, '2026-10-06', 'COFFEE CORNER', { pending_transaction_id: 'b4' }),
      line('b6', 3.25, '2026-10-07', 'COFFEE KIOSK'),
    ]);
    await sync();
    expect(await statusOf('b4')).toBe('absent');
    expect(await statusOf('b5')).toBe('categorized');
    expect((await trial()).Meals).toBe(975);

    // A replay from the first cursor, and a sync with nothing new, change nothing in the books.
    const before = await trial();
    const count = (await bookLines()).length;
    const { bankFeedItems } = await import('../bank-feeds/tables.ts');
    await t.deps.database.db.update(bankFeedItems).set({ cursor: null });
    await sync();
    await sync();
    expect(await trial()).toEqual(before);
    expect((await bookLines()).length).toBe(count);

    // The bank withdraws the kiosk line: its entry is reversed and the line leaves the books.
    plaid.removeTransaction('b6');
    await sync();
    expect(await statusOf('b6')).toBe('absent');
    expect((await trial()).Meals).toBe(650);
  });

  it('clears a matched line against the paid bill instead of booking the expense again, and undoes it', async () => {
    const run = await staff.post(`${base}/bank-matching/run`);
    expect(run.json()).toMatchObject({ applied: 1 });
    expect(await statusOf('b1')).toBe('cleared');
    let tb = await trial();
    // Expense once (the bill's approval), A/P and Bill Pay Cash settled, the money out of the bank.
    expect(tb['Uncategorized Expense']).toBe(12_025);
    expect(tb['Accounts Payable (A/P)']).toBeUndefined();
    expect(tb['Bill Pay Cash']).toBeUndefined();
    expect(tb[OPERATING]).toBe(150 - 650 - 12_025);

    // The books refuse to re-categorise a cleared line.
    const cleared = (await bookLines()).find((l) => l.external_id === 'b1') as BankLine;
    const recategorise = await staff.post(`${books}/bank-lines/${cleared.guid}/categorize`, {
      action: { type: 'categorize', splits: [{ account: meals.guid, percent: 100 }] },
    });
    expect(recategorise.statusCode).toBe(409);
    expect(recategorise.json().code).toBe('bank_line_matched');

    const matched = (await staff.get(`${base}/bank-matching?state=matched`)).json()
      .results as BankLineMatch[];
    const guid = matched[0]?.transaction.guid as string;
    expect((await staff.del(`${base}/bank-matching/${guid}/match`)).statusCode).toBe(200);
    expect(await statusOf('b1')).toBe('uncategorized');
    tb = await trial();
    expect(tb['Bill Pay Cash']).toBe(-12_025);
    expect(tb[OPERATING]).toBe(150 - 650);

    // Matched again by hand: cleared again, one clearing entry live.
    const again = await staff.post(`${base}/bank-matching/${guid}/match`, { bill_guid: powerBill });
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf('b1')).toBe('cleared');
    tb = await trial();
    expect(tb['Bill Pay Cash']).toBeUndefined();
    expect(tb['Uncategorized Expense']).toBe(12_025);
  });

  it('ties the account to another books account, moving the lines that posted nothing', async () => {
    const fed = await operating();
    const old = fed.book_account?.guid as string;
    const bad = await staff.patch(`${base}/aggregator-accounts/${fed.guid}`, {});
    expect(bad.statusCode).toBe(400);

    const made = await staff.patch(`${base}/aggregator-accounts/${fed.guid}`, { create_book_account: true });
    expect(made.statusCode, made.body).toBe(200);
    const tied = (made.json().accounts as FeedAccount[]).find((a) => a.guid === fed.guid);
    expect(tied?.book_account?.guid).not.toBe(old);
    // The uncategorised hardware line moved; the lines that posted stay with their entries.
    expect((await bookLines(tied?.book_account?.guid)).map((l) => l.external_id)).toEqual(['b3']);
    expect((await bookLines(old)).map((l) => l.external_id).sort()).toEqual(['b1', 'b2', 'b5']);

    // New lines land in the new books account.
    plaid.addTransactions([line('b7', 12, '2026-10-09', 'BOOKSHOP')]);
    await sync();
    expect((await bookLines(tied?.book_account?.guid)).map((l) => l.external_id).sort()).toEqual([
      'b3',
      'b7',
    ]);

    // Another linked account's books account is not free.
    const reserve = (await overview()).find((a) => a.mask === '9911') as FeedAccount;
    const taken = await staff.patch(`${base}/aggregator-accounts/${fed.guid}`, {
      book_account: reserve.book_account?.guid,
    });
    expect(taken.statusCode).toBe(409);

    // A line booked as a transfer refuses the move, with a message saying what to do.
    const hardware = (await bookLines(tied?.book_account?.guid)).find(
      (l) => l.external_id === 'b3',
    ) as BankLine;
    const transfer = await staff.post(`${books}/bank-lines/${hardware.guid}/categorize`, {
      action: { type: 'transfer', account: reserve.book_account?.guid },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const refused = await staff.patch(`${base}/aggregator-accounts/${fed.guid}`, { book_account: old });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'bank_lines_transferred' });
    expect(refused.json().detail).toContain('undo those transfers');

    // Undone, the move back goes through.
    const undo = await staff.post(`${books}/bank-lines/${hardware.guid}/uncategorize`);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await staff.patch(`${base}/aggregator-accounts/${fed.guid}`, { book_account: old });
    expect(back.statusCode, back.body).toBe(200);
    expect((await bookLines(old)).map((l) => l.external_id).sort()).toEqual(['b1', 'b2', 'b3', 'b5', 'b7']);
  });
});
