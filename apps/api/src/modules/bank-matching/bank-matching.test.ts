import type { BankLineMatch } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { operatingAccount, type PlaidStandIn } from '../bank-feeds/plaid-stand-in-test-support.ts';
import { linkBank, plaidFor } from '../bank-feeds/test-support.ts';
import { bills } from '../bill-core/tables.ts';
import { billKit } from '../bill-search/test-support.ts';
import { clientInstitutions } from '../client-records/tables.ts';
import { outbox } from '../notifications/tables.ts';
import { tasks } from '../tasks/tables.ts';
import { reconciliations } from '../workflow/tables.ts';
import { payeeSimilarity, scoreCandidate } from './scoring.ts';

const CHECKING = 'acc-match-checking';
const tx = (id: string, amount: number, date: string, name: string, check_number: string | null = null) => ({
  transaction_id: id,
  account_id: CHECKING,
  amount,
  date,
  name,
  check_number,
  pending: false,
});

/** Paid bills matched to the bank (decision 036): exact, fuzzy, ambiguous, by hand, undo, request document. */
describe.each(backends)('bank matching (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let plaid: PlaidStandIn;
  let staff: Caller;
  let base: string;
  let reconciliationGuid: string;
  const billGuids: Record<string, string> = {};

  const lines = async (state: string) => {
    const answer = await staff.get(`${base}/bank-matching?state=${state}&page_size=50`);
    expect(answer.statusCode).toBe(200);
    return answer.json().results as BankLineMatch[];
  };
  const byName = (list: BankLineMatch[], name: string) =>
    list.find((l) => l.transaction.name === name) as BankLineMatch;

  beforeAll(async () => {
    plaid = await plaidFor(t);
    staff = caller(t, await login(t.app, 'manager@demo.test'));
    await kit.clearBills();
    const { client, legal } = await kit.demoClient('Harper Household');
    base = `/v1/accounts/clients/${client.guid}`;
    const [operating] = await t.deps.database.db
      .select()
      .from(clientInstitutions)
      .where(eq(clientInstitutions.accountLast4, '4821'));
    const paid = async (key: string, vendor: string, amount: number, paidDate: string, reference: string) => {
      billGuids[key] = await kit.insertBill('Harper Household', { vendor, amount, status: 'paid', paidDate });
      await t.deps.database.db
        .update(bills)
        .set({ paidFromInstitutionId: operating?.id, paymentReference: reference })
        .where(eq(bills.guid, billGuids[key] as string));
    };
    await paid('power', 'Pacific Power & Light', 12_025, '2026-10-01', 'ACH-7781');
    await paid('garden', 'Evergreen Landscaping', 45_000, '2026-10-05', '1042');
    await paid('water1', 'City Water', 9_900, '2026-10-12', 'ACH-1');
    await paid('water2', 'City Water', 9_900, '2026-10-12', 'ACH-2');
    const [reconciliation] = await t.deps.database.db
      .insert(reconciliations)
      .values({
        organizationId: client.organizationId,
        clientId: client.id,
        entityId: legal.id,
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        dueDate: '2026-11-15',
      })
      .returning();
    reconciliationGuid = reconciliation?.guid as string;
    await linkBank(staff, plaid, client.guid, legal.guid, {
      accounts: [operatingAccount(CHECKING, 5000)],
      transactions: [
        tx('m1', 120.25, '2026-10-02', 'PACIFIC POWER & LIGHT ACH'),
        tx('m2', 450, '2026-10-10', 'CHECK 1042', '1042'),
        tx('m3', 99, '2026-10-12', 'CITY WATER'),
        tx('m4', 77, '2026-10-14', 'SQ *UNKNOWN SHOP'),
        tx('m5', -2500, '2026-10-15', 'DEPOSIT'),
      ],
    });
  });
  afterAll(() => plaid?.close());

  it('applies exact and fuzzy matches by itself and leaves the ambiguous and unknown to staff', async () => {
    const run = await staff.post(`${base}/bank-matching/run`);
    expect(run.json()).toEqual({ applied: 2, to_match: 2 });
    const matched = await lines('matched');
    expect(byName(matched, 'PACIFIC POWER & LIGHT ACH').match).toMatchObject({
      bill_guid: billGuids.power,
      method: 'auto',
      score: 90,
    });
    // Fuzzy: the payee's name is not on the line, the check number and amount are, five days later.
    expect(byName(matched, 'CHECK 1042').match).toMatchObject({
      bill_guid: billGuids.garden,
      method: 'auto',
      score: 80,
    });
    const waiting = await lines('to_match');
    // Credits (money in) never wait for a bill.
    expect(waiting.map((l) => l.transaction.name).sort()).toEqual(['CITY WATER', 'SQ *UNKNOWN SHOP']);
    const water = byName(waiting, 'CITY WATER');
    expect(water.candidates.map((c) => c.bill_guid).sort()).toEqual(
      [billGuids.water1, billGuids.water2].sort(),
    );
    expect(water.candidates[0]?.score).toBe(water.candidates[1]?.score);
    expect(byName(waiting, 'SQ *UNKNOWN SHOP').candidates).toEqual([]);
    // A second run changes nothing.
    expect((await staff.post(`${base}/bank-matching/run`)).json()).toEqual({ applied: 0, to_match: 2 });
  });

  it('lets staff pick the bill of an ambiguous line, and refuses a bill matched twice', async () => {
    const water = byName(await lines('to_match'), 'CITY WATER');
    const picked = await staff.post(`${base}/bank-matching/${water.transaction.guid}/match`, {
      bill_guid: billGuids.water2,
    });
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({
      state: 'matched',
      match: { bill_guid: billGuids.water2, method: 'manual' },
    });
    const other = byName(await lines('to_match'), 'SQ *UNKNOWN SHOP');
    const twice = await staff.post(`${base}/bank-matching/${other.transaction.guid}/match`, {
      bill_guid: billGuids.water2,
    });
    expect(twice.statusCode).toBe(409);
    const unpaid = await kit.insertBill('Harper Household', { status: 'payment_pending', amount: 7_700 });
    const notPaid = await staff.post(`${base}/bank-matching/${other.transaction.guid}/match`, {
      bill_guid: unpaid,
    });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json().code).toBe('bill_not_paid');
  });

  it('undoes a match, which then waits for staff and is not matched again by itself', async () => {
    const power = byName(await lines('matched'), 'PACIFIC POWER & LIGHT ACH');
    const undone = await staff.del(`${base}/bank-matching/${power.transaction.guid}/match`);
    expect(undone.json()).toMatchObject({ state: 'to_match', match: null });
    expect(undone.json().candidates[0]).toMatchObject({ bill_guid: billGuids.power, score: 90 });
    expect((await staff.post(`${base}/bank-matching/run`)).json()).toEqual({ applied: 0, to_match: 1 });
    expect((await staff.del(`${base}/bank-matching/${power.transaction.guid}/match`)).statusCode).toBe(409);
  });

  it('requests the document of an unknown line: a task and an e-mail to the client; the reconciliation lists it', async () => {
    const unknown = byName(await lines('to_match'), 'SQ *UNKNOWN SHOP');
    const asked = await staff.post(`${base}/bank-matching/${unknown.transaction.guid}/request-document`, {
      message: 'Was this the gift shop?',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().state).toBe('document_requested');
    const [task] = await t.deps.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.guid, asked.json().task_guid));
    expect(task?.title).toBe('Document requested: $77.00 to SQ *UNKNOWN SHOP on 2026-10-14');
    const mail = await t.deps.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'client@demo.test'));
    expect(mail.at(-1)?.bodyText).toContain('Was this the gift shop?');
    expect(
      (await staff.post(`${base}/bank-matching/${unknown.transaction.guid}/request-document`, {})).statusCode,
    ).toBe(409);
    expect((await lines('document_requested')).map((l) => l.transaction.name)).toEqual(['SQ *UNKNOWN SHOP']);

    const items = await staff.get(
      `/v1/reports/clients/${base.split('/').at(-1)}/reconciliations/${reconciliationGuid}/bank-items`,
    );
    expect(items.statusCode).toBe(200);
    expect(items.json().older_than_days).toBe(10);
    expect(
      items
        .json()
        .unmatched_debits.map((l: { name: string }) => l.name)
        .sort(),
    ).toEqual(['PACIFIC POWER & LIGHT ACH', 'SQ *UNKNOWN SHOP']);
  });

  it('is for staff only', async () => {
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client.get(`${base}/bank-matching`)).statusCode).toBe(403);
  });
});

describe('match scoring', () => {
  const bill = {
    amount: 10_000,
    paidDate: '2026-10-01',
    paymentReference: '1042',
    payee: 'Pacific Power & Light',
  };
  it('needs the same amount within the date window', () => {
    expect(
      scoreCandidate(
        { amount: 10_001, date: '2026-10-01', name: 'x', merchantName: null, checkNumber: null },
        bill,
      ),
    ).toBeNull();
    expect(
      scoreCandidate(
        { amount: 10_000, date: '2026-10-16', name: 'x', merchantName: null, checkNumber: null },
        bill,
      ),
    ).toBeNull();
    expect(
      scoreCandidate(
        { amount: 10_000, date: '2026-09-27', name: 'x', merchantName: null, checkNumber: null },
        bill,
      ),
    ).toBeNull();
    expect(
      scoreCandidate(
        { amount: 10_000, date: '2026-10-15', name: 'x', merchantName: null, checkNumber: null },
        bill,
      )?.score,
    ).toBe(48);
  });
  it('finds payee words in bank descriptors, cut short or not', () => {
    expect(payeeSimilarity('Pacific Power & Light', ['PACIFIC POWER AND LIGHT'])).toBe(1);
    expect(payeeSimilarity('Pacific Power & Light', ['ACH DEBIT PACIFIC POWE'])).toBeCloseTo(2 / 3);
    expect(payeeSimilarity('Evergreen Landscaping', ['CHECK 1042'])).toBe(0);
  });
});
