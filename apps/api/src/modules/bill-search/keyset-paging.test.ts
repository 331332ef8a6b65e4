import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BillSummary } from '@bp/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { billLines, bills } from '../bill-core/tables.ts';
import { organizations } from '../organizations/tables.ts';
import { billKit } from './test-support.ts';

/**
 * Keyset paging of the bill lists (docs/decisions/021-keyset-paging.md), through HTTP on the three lists
 * that use it: the organisation's queues, a client's bills and the advanced search.
 */

const HARPER = 'Harper Household';
const BRENNAN = 'Brennan Family';
const VENDORS = ['Acme Gardens', 'Blue Water Co', 'Cedar Roofing'];

interface Page {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  results: BillSummary[];
}

const encode = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
const cursorOf = (link: string | null) =>
  link ? new URL(link, 'http://local').searchParams.get('cursor') : null;

describe.each(backends)('keyset paging of bill lists (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let get: (url: string) => Promise<{ status: number; body: Page }>;
  let lists: { queue: string; client: string; search: string };
  let other: (url: string) => Promise<{ status: number; body: Page }>;
  let secondQueue: string;

  const as = async (email: string) => {
    const tokens = await login(t.app, email);
    return async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
      return { status: res.statusCode, body: res.json() as Page };
    };
  };

  /** Every row of a list by following `next` from page 1, then back by following `previous`. */
  async function walk(first: string) {
    const forward: string[] = [];
    const seen = new Set<string>();
    let page = (await get(first)).body;
    let pages = 1;
    for (;;) {
      forward.push(...page.results.map((b) => b.guid));
      if (!page.next) break;
      expect(cursorOf(page.next)).toBeTruthy();
      const res = await get(page.next);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      page = res.body;
      pages++;
      if (pages > 50) throw new Error('paging does not end');
    }
    const backward: string[] = [];
    for (;;) {
      backward.unshift(...page.results.map((b) => b.guid));
      if (!page.previous) break;
      page = (await get(page.previous)).body;
    }
    for (const guid of forward) {
      expect(seen.has(guid), `${guid} twice`).toBe(false);
      seen.add(guid);
    }
    return { forward, backward, pages };
  }

  beforeAll(async () => {
    await kit.clearBills();
    // 23 bills in org approval whose sort keys tie often (3 due dates, 4 amounts, 3 vendors), so only
    // the id decides between many of them; creation times differ by microseconds only for some.
    for (let i = 0; i < 23; i++) {
      await kit.insertBill(HARPER, {
        dueDate: ['2026-07-01', '2026-07-15', '2026-08-01'][i % 3],
        amount: [5000, 12_000, 12_000, 99_900][i % 4],
        vendor: VENDORS[i % 3],
        invoiceNumber: `KS-${i}`,
        memos: [i % 5 === 0 ? 'Hedge trimming' : 'Monthly service'],
        createdAt: new Date(Date.UTC(2026, 5, 1, 9, i % 6)),
      });
    }
    // Same millisecond, different microseconds: a cursor that kept milliseconds only would skip or repeat.
    await t.deps.database.db.execute(
      sql`update ${bills} set created_at = created_at + (id % 4) * interval '1 microsecond'`,
    );
    for (let i = 0; i < 6; i++) {
      await kit.insertBill(BRENNAN, { dueDate: '2026-07-02', amount: 7000 + i, invoiceNumber: `SO-${i}` });
    }
    const harper = await kit.demoClient(HARPER);
    const brennan = await kit.demoClient(BRENNAN);
    const [org] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, harper.client.organizationId));
    const [second] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, brennan.client.organizationId));
    if (!org || !second) throw new Error('organisations missing');
    lists = {
      queue: `/v1/billing/organizations/${org.guid}/bills?queue=org-approval`,
      client: `/v1/billing/clients/${harper.client.guid}/bills?status=org_approval`,
      search: `/v1/billing/organizations/${org.guid}/advanced-search?status=org_approval`,
    };
    secondQueue = `/v1/billing/organizations/${second.guid}/bills?queue=org-approval`;
    get = await as('manager@demo.test');
    other = await as('other@second.test');
  });

  it('walks every ordering of every list both ways by cursor: each bill once, in order, none missed', async () => {
    const orderings = {
      queue: ['due_date', 'amount', 'created_on', 'vendor'],
      client: ['due_date', 'amount', 'created_on', 'vendor'],
      search: ['due_date', 'amount', 'created_on'],
    } as const;
    for (const [list, fields] of Object.entries(orderings) as [keyof typeof lists, readonly string[]][]) {
      for (const field of fields) {
        for (const ordering of [field, `-${field}`]) {
          const whole = (await get(`${lists[list]}&ordering=${ordering}&page_size=100`)).body;
          expect(whole.results).toHaveLength(23);
          const { forward, backward, pages } = await walk(`${lists[list]}&ordering=${ordering}&page_size=4`);
          expect(pages, `${list} ${ordering}`).toBe(6);
          expect(forward, `${list} ${ordering}`).toEqual(whole.results.map((b) => b.guid));
          expect(backward, `${list} ${ordering} backwards`).toEqual(forward);
        }
      }
    }
  });

  it('links carry the page number and a cursor, except the link back to page 1; page=N alone still jumps', async () => {
    const first = (await get(`${lists.queue}&page_size=5`)).body;
    expect(first).toMatchObject({ count: 23, count_capped: false, previous: null });
    expect(first.next).toMatch(/page=2/);
    const second = (await get(first.next as string)).body;
    expect(second.previous).toMatch(/page=1/);
    expect(cursorOf(second.previous)).toBeNull();
    const third = (await get(second.next as string)).body;
    expect(third.previous).toMatch(/page=2/);
    expect(cursorOf(third.previous)).toBeTruthy();
    // An old link or a direct jump: page 3 by offset is the page the cursor reached.
    const jumped = (await get(`${lists.queue}&page_size=5&page=3`)).body;
    expect(jumped.results.map((b) => b.guid)).toEqual(third.results.map((b) => b.guid));
    const last = (await get(`${lists.queue}&page_size=5&page=5`)).body;
    expect(last.results).toHaveLength(3);
    expect(last.next).toBeNull();
  });

  it('begins page 2 exactly after page 1 while new bills arrive between the pages', async () => {
    const before = (await get(`${lists.queue}&page_size=100`)).body.results.map((b) => b.guid);
    const first = (await get(`${lists.queue}&page_size=5`)).body;
    expect(first.results.map((b) => b.guid)).toEqual(before.slice(0, 5));
    // Due before everything on page 1: offset paging would push page 1's last rows onto page 2.
    const early = [
      await kit.insertBill(HARPER, { dueDate: '2026-06-01', invoiceNumber: 'NEW-1' }),
      await kit.insertBill(HARPER, { dueDate: '2026-06-02', invoiceNumber: 'NEW-2' }),
    ];
    // Due after the whole list: it belongs at the end, and the walk must reach it.
    const late = await kit.insertBill(HARPER, { dueDate: '2027-01-01', invoiceNumber: 'NEW-3' });
    try {
      const rest: string[] = [];
      let page = first;
      while (page.next) {
        page = (await get(page.next)).body;
        rest.push(...page.results.map((b) => b.guid));
      }
      expect(rest.slice(0, 5)).toEqual(before.slice(5, 10));
      expect(rest).toEqual([...before.slice(5), late]);
      for (const guid of early) expect(rest).not.toContain(guid);
      // The new bills are counted, and page 1 now starts with them.
      const again = (await get(`${lists.queue}&page_size=5`)).body;
      expect(again.count).toBe(26);
      expect(again.results.slice(0, 2).map((b) => b.guid)).toEqual(early);
    } finally {
      await t.deps.database.db.delete(bills).where(sql`${bills.invoiceNumber} like 'NEW-%'`);
    }
  });

  it('answers a malformed or forged cursor with 400 on cursor, on every list', async () => {
    const valid = cursorOf((await get(`${lists.queue}&page_size=5`)).body.next) as string;
    const forged = [
      'not a cursor!',
      'bm9wZQ', // "nope"
      encode([1, 2]),
      encode({ o: 'due_date', k: '2026-07-01' }),
      encode({ o: 'due_date', k: '2026-02-30', i: 5 }),
      encode({ o: 'due_date', k: "2026-07-01'; drop table bills; --", i: 5 }),
      encode({ o: 'due_date', k: 20260701, i: 5 }),
      encode({ o: 'due_date', k: '2026-07-01', i: -1 }),
      encode({ o: 'due_date', k: '2026-07-01', i: 1e300 }),
      encode({ o: 'due_date', k: '2026-07-01', i: 5, b: true }),
      encode({ o: 'due_date', k: '2026-07-01', i: 5, tenant: 1 }),
      encode({ o: 'amount', k: '12000', i: 5 }),
      encode({ o: 'amount', k: 2 ** 60, i: 5 }),
      encode({ o: 'created_on', k: '2026-06-01 09:00:00', i: 5 }),
      encode({ o: 'created_on', k: '2026-06-01T25:00:00.000000', i: 5 }),
      encode({ o: 'vendor', k: 'Acme\u0000', i: 5 }),
      encode({ o: 'vendor', k: 'x'.repeat(1001), i: 5 }),
    ];
    const orderingOf = (text: string) => {
      try {
        const body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
        return typeof body?.o === 'string' && /^-?\w+$/.test(body.o) ? body.o : 'due_date';
      } catch {
        return 'due_date';
      }
    };
    for (const list of Object.values(lists)) {
      for (const cursor of forged) {
        const ordering = orderingOf(cursor);
        if (list === lists.search && ordering === 'vendor') continue;
        const res = await get(`${list}&ordering=${ordering}&cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${cursor} on ${list}`).toBe(400);
        expect(res.body, cursor).toEqual({
          cursor: ['This page link is not valid. Go back to the first page.'],
        });
      }
      // A real cursor, but made for another sort order.
      const res = await get(`${list}&ordering=-amount&cursor=${valid}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        cursor: ['This page link was made for another sort order. Go back to the first page.'],
      });
    }
  });

  it("gives nothing of another organisation's through its cursor, and nothing of ours to it", async () => {
    const theirs = (await other(`${secondQueue}&page_size=2`)).body;
    expect(theirs.results).toHaveLength(2);
    const theirGuids = new Set((await other(`${secondQueue}&page_size=100`)).body.results.map((b) => b.guid));
    const ours = new Set((await get(`${lists.queue}&page_size=100`)).body.results.map((b) => b.guid));
    // Their cursor in our queue is only a position in our own list.
    const mixed = await get(`${lists.queue}&page_size=100&page=2&cursor=${cursorOf(theirs.next)}`);
    expect(mixed.status).toBe(200);
    expect(mixed.body.results.length).toBeGreaterThan(0);
    for (const bill of mixed.body.results) {
      expect(theirGuids.has(bill.guid)).toBe(false);
      expect(ours.has(bill.guid)).toBe(true);
    }
    // Ours in their queue: their bills only; our queue itself stays a 404 to them.
    const ourCursor = cursorOf((await get(`${lists.queue}&page_size=2`)).body.next);
    const back = await other(`${secondQueue}&page_size=100&page=2&cursor=${ourCursor}`);
    expect(back.status).toBe(200);
    for (const bill of back.body.results) expect(ours.has(bill.guid)).toBe(false);
    expect((await other(`${lists.queue}&cursor=${ourCursor}`)).status).toBe(404);
  });

  it('finds a memo written through the bills API, inside the organisation only', async () => {
    const harper = await kit.demoClient(HARPER);
    const tokens = await login(t.app, 'associate@demo.test');
    const vendor = await kit.vendorOf(harper.legal.id, VENDORS[0] as string);
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/billing/clients/${harper.client.guid}/bills`,
      headers: bearer(tokens),
      payload: {
        entity: harper.legal.guid,
        vendor: vendor.guid,
        amount: 4200,
        due_date: '2030-01-15',
        invoice_number: 'SWEEP-1',
        payment_method: 'ach',
        invoice_source: 'mail_scan',
        lines: [{ account: harper.account.guid, amount: 4200, memo: 'Quarterly chimney sweep' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const base = lists.search.split('?')[0];
    const found = (await get(`${base}?memo=chimney`)).body;
    expect(found.results.map((b) => b.invoice_number)).toEqual(['SWEEP-1']);
    expect((await get(`${base}?memo=hedge`)).body.count).toBe(5);
    // The same words in another organisation's lines are not ours to find.
    await kit.insertBill(BRENNAN, { memos: ['Quarterly chimney sweep'], invoiceNumber: 'SO-SWEEP' });
    expect((await get(`${base}?memo=chimney`)).body.count).toBe(1);
  });

  it('fills in the organisation of lines written before the column existed (migrations 0015, then 0018)', async () => {
    const { db } = t.deps.database;
    const migration = (name: string) =>
      readFileSync(join(import.meta.dirname, '../../../drizzle', name), 'utf8');
    // As the lines stood between 0014 (the column) and 0015 (the backfill).
    await db.execute(sql`alter table bill_lines alter column organization_id drop not null`);
    await db.execute(sql`update bill_lines set organization_id = null`);
    await db.execute(sql.raw(migration('0015_backfill_bill_lines_organization.sql')));
    // 0018's NOT NULL holds once the backfill ran.
    await db.execute(sql.raw(migration('0018_stale_scarlet_witch.sql')));
    const [missing] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(billLines)
      .innerJoin(bills, eq(bills.id, billLines.billId))
      .where(sql`${billLines.organizationId} is distinct from ${bills.organizationId}`);
    expect(missing?.n).toBe(0);
    expect((await get(`${lists.search.split('?')[0]}?memo=hedge`)).body.count).toBe(5);
  });

  it('counts exactly up to 1,000 and says "more" past it, in the lists and the queue tabs', async () => {
    const harper = await kit.demoClient(HARPER);
    const vendor = await kit.vendorOf(harper.legal.id, VENDORS[1] as string);
    await t.deps.database.db.execute(sql`
      insert into ${bills} (organization_id, client_id, entity_id, vendor_id, amount, due_date, payment_method,
                            invoice_source, status, invoice_number)
      select ${harper.client.organizationId}, ${harper.client.id}, ${harper.legal.id}, ${vendor.id}, 100 + g,
             date '2026-01-01' + (g % 300), 'ach', 'online', 'rejected', 'CAP-' || g
      from generate_series(1, 1004) g`);
    const org = lists.queue.split('?')[0] as string;
    const rejected = (await get(`${org}?queue=rejected&page_size=10`)).body;
    expect(rejected).toMatchObject({ count: 1000, count_capped: true });
    expect(rejected.next).toBeTruthy();
    const search = (await get(`${lists.search.split('?')[0]}?status=rejected`)).body;
    expect(search).toMatchObject({ count: 1000, count_capped: true });
    const small = (await get(`${org}?queue=org-approval`)).body;
    expect(small.count_capped).toBe(false);
    expect(small.count).toBeGreaterThanOrEqual(23);
    const tabs = (await get(`${org}/queue-counts`)).body as unknown as Record<string, unknown>;
    expect(tabs).toMatchObject({ rejected: 1000, 'org-approval': small.count, capped: ['rejected'] });
    // 1,000 exactly is exact.
    await t.deps.database.db
      .delete(bills)
      .where(sql`${bills.invoiceNumber} in ('CAP-1', 'CAP-2', 'CAP-3', 'CAP-4')`);
    expect((await get(`${org}?queue=rejected`)).body).toMatchObject({ count: 1000, count_capped: false });
    expect((await get(`${org}/queue-counts`)).body).toMatchObject({ rejected: 1000, capped: [] });
    // Deep pages by cursor reach the end of a list longer than the cap.
    let page = (await get(`${org}?queue=rejected&page_size=100&ordering=-amount`)).body;
    let pages = 1;
    while (page.next) {
      page = (await get(page.next)).body;
      pages++;
    }
    expect(pages).toBe(10);
    expect(page.results.at(-1)?.amount).toBe(105);
  });
});
