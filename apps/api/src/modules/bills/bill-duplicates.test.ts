import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { bills } from '../bill-core/tables.ts';
import { vendors } from '../entities/tables.ts';
import { auditOf } from '../entities/test-support.ts';
import { monthsBefore } from './duplicates.ts';
import { billBooks } from './test-support.ts';

// The duplicate check before a bill is saved (issue 13, decision 023), at its edges: 7 days between
// invoice dates, 18 months back, the vendor's parent, and the reason that lets a bill through.

// The clock of these tests: 2026-06-15, so 18 months back is 2024-12-15.
const NOW = new Date('2026-06-15T12:00:00Z');

describe('months before a day', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(monthsBefore('2026-06-15', 18)).toBe('2024-12-15');
    expect(monthsBefore('2026-08-31', 18)).toBe('2025-02-28');
    expect(monthsBefore('2025-08-31', 18)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-10', 1)).toBe('2025-12-10');
  });
});

describe.each(backends)('the duplicate check (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  async function setUp() {
    t.clock.now = NOW;
    const books = await billBooks(t);
    const tokens = await login(t.app, 'associate@demo.test');
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
    const check = (query: Record<string, string | number>) =>
      call(
        'GET',
        `${books.base}/duplicates?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );
    /** Enters a bill as its fixture, straight through the service path with a reason when needed. */
    const enter = async (overrides: Parameters<typeof books.request>[0]) => {
      const res = await call('POST', books.base, {
        ...books.request(overrides),
        duplicate_reason: 'fixture',
      });
      expect(res.statusCode).toBe(201);
      return res.json() as { guid: string };
    };
    return { books, call, check, enter };
  }

  it('matches the same vendor and invoice number, without case or spaces, and never another vendor', async () => {
    const { books, check, enter } = await setUp();
    const first = await enter({
      vendor: books.landscaping.guid,
      invoice_number: 'LAWN-2026-05',
      amount: 9_000,
    });
    const found = (
      await check({ vendor: books.landscaping.guid, amount: 1, invoice_number: ' lawn-2026-05 ' })
    ).json();
    expect(found.duplicates).toEqual([
      expect.objectContaining({
        guid: first.guid,
        invoice_number: 'LAWN-2026-05',
        amount: 9_000,
        vendor: { guid: books.landscaping.guid, name: books.landscaping.name },
        entity: { guid: books.legal.guid, nickname: books.legal.nickname },
        reasons: ['invoice_number'],
      }),
    ]);
    const otherVendor = await check({
      vendor: books.insurance.guid,
      amount: 1,
      invoice_number: 'LAWN-2026-05',
    });
    expect(otherVendor.json()).toEqual({ duplicates: [] });
    // A vendor of another client is not this client's: the field says so.
    const lindqvist = await billBooks(t, 'Lindqvist Trust');
    const foreign = await check({ vendor: lindqvist.power.guid, amount: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ vendor: ['Choose a vendor of this client.'] });
  });

  it('matches the same amount with invoice dates 7 days apart, not 8', async () => {
    const { books, check, enter } = await setUp();
    const bill = await enter({
      vendor: books.insurance.guid,
      amount: 43_210,
      invoice_number: 'ATL-A',
      invoice_date: '2026-05-10',
    });
    const probe = (invoice_date: string, amount = 43_210) =>
      check({ vendor: books.insurance.guid, amount, invoice_number: 'ATL-B', invoice_date }).then(
        (res) => res.json().duplicates as { guid: string; reasons: string[] }[],
      );
    expect(await probe('2026-05-17')).toEqual([
      expect.objectContaining({ guid: bill.guid, reasons: ['amount_and_invoice_date'] }),
    ]);
    expect(await probe('2026-05-03')).toHaveLength(1);
    expect(await probe('2026-05-18')).toEqual([]);
    expect(await probe('2026-05-02')).toEqual([]);
    // Another amount on the same day is another bill.
    expect(await probe('2026-05-10', 43_211)).toEqual([]);
  });

  it('looks back 18 months: a bill dated exactly then counts, the day before does not', async () => {
    const { books, check, enter } = await setUp();
    const edge = await enter({
      vendor: books.power.guid,
      invoice_number: 'PPL-EDGE',
      invoice_date: '2024-12-15',
    });
    await enter({ vendor: books.power.guid, invoice_number: 'PPL-OLD', invoice_date: '2024-12-14' });
    const numbers = async (invoice_number: string) =>
      (await check({ vendor: books.power.guid, amount: 5, invoice_number })).json().duplicates;
    expect(await numbers('PPL-EDGE')).toEqual([expect.objectContaining({ guid: edge.guid })]);
    expect(await numbers('PPL-OLD')).toEqual([]);
    // Without an invoice date, the day the bill was entered dates it.
    const undated = await enter({ vendor: books.power.guid, invoice_number: 'PPL-UNDATED' });
    const { db } = t.deps.database;
    await db
      .update(bills)
      .set({ createdAt: new Date('2024-12-14T23:00:00Z') })
      .where(eq(bills.guid, undated.guid));
    expect(await numbers('PPL-UNDATED')).toEqual([]);
    await db
      .update(bills)
      .set({ createdAt: new Date('2024-12-15T01:00:00Z') })
      .where(eq(bills.guid, undated.guid));
    expect(await numbers('PPL-UNDATED')).toEqual([expect.objectContaining({ guid: undated.guid })]);
  });

  it("matches across the client's entities through the parent vendor", async () => {
    const { books, check, enter } = await setUp();
    const { db } = t.deps.database;
    // The same company as a vendor of the client's other entity.
    const [personalPower] = await db
      .insert(vendors)
      .values({ entityId: books.personal.id, name: books.power.name, country: 'US' })
      .returning();
    if (!personalPower) throw new Error('vendor not inserted');
    const bill = await enter({ vendor: books.power.guid, invoice_number: 'PPL-SHARED' });
    const probe = () => check({ vendor: personalPower.guid, amount: 5, invoice_number: 'PPL-SHARED' });
    expect((await probe()).json().duplicates).toEqual([]);
    await db.update(vendors).set({ parentVendorId: 4242 }).where(eq(vendors.id, personalPower.id));
    await db.update(vendors).set({ parentVendorId: 4242 }).where(eq(vendors.id, books.power.id));
    expect((await probe()).json().duplicates).toEqual([expect.objectContaining({ guid: bill.guid })]);
    await db.update(vendors).set({ parentVendorId: null }).where(eq(vendors.id, personalPower.id));
    await db.update(vendors).set({ parentVendorId: null }).where(eq(vendors.id, books.power.id));
  });

  it('refuses to save a possible duplicate without a reason, and records the reason when given', async () => {
    const { books, call, enter } = await setUp();
    const { db } = t.deps.database;
    const first = await enter({ vendor: books.landscaping.guid, invoice_number: 'EVG-DUP' });
    const count = async () =>
      (await db.select().from(bills).where(eq(bills.clientId, books.client.id))).length;
    const before = await count();
    const request = books.request({ vendor: books.landscaping.guid, invoice_number: 'EVG-DUP' });
    const refused = await call('POST', books.base, request);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'possible_duplicate' });
    const blank = await call('POST', books.base, { ...request, duplicate_reason: '   ' });
    expect(blank.statusCode).toBe(409);
    expect(await count()).toBe(before);

    const saved = await call('POST', books.base, {
      ...request,
      duplicate_reason: 'The vendor sent a corrected invoice under the same number.',
    });
    expect(saved.statusCode).toBe(201);
    const events = (await call('GET', `${books.bill(saved.json().guid)}/events`)).json();
    expect(events.results[0]).toMatchObject({
      kind: 'bill_created',
      data: {
        duplicate_of: [first.guid],
        duplicate_reason: 'The vendor sent a corrected invoice under the same number.',
      },
    });
    const [audit] = await auditOf(t, saved.json().guid, 'bill_created');
    expect(audit?.changes).toMatchObject({
      duplicate_reason: { before: null, after: 'The vendor sent a corrected invoice under the same number.' },
    });
    // Client users never run the check: it is for staff entering bills.
    const client = await login(t.app, 'client@demo.test');
    const asClient = await t.app.inject({
      url: `${books.base}/duplicates?vendor=${books.power.guid}&amount=1`,
      headers: bearer(client),
    });
    expect(asClient.statusCode).toBe(403);
  });
});
