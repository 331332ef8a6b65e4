import type { BillSummary } from '@bp/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billNotes, bills } from '../modules/bill-core/tables.ts';
import { billMessages } from '../modules/bill-messages/tables.ts';
import { clientInstitutions } from '../modules/client-records/tables.ts';
import { clients } from '../modules/clients/tables.ts';
import { commitments } from '../modules/commitments/tables.ts';
import { vendors } from '../modules/entities/tables.ts';
import { caller } from '../modules/entities/test-support.ts';
import { organizations } from '../modules/organizations/tables.ts';
import { hashPassword } from '../platform/passwords.ts';
import { type Backend, backends, buildTestApp, login, type TestApp } from '../test/build-test-app.ts';
import { DEMO_PASSWORD } from './demo-data.ts';
import { PRACTICE_CLIENTS } from './practice-data.ts';
import { seedPractice } from './seed-practice.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A test app with the demo practice on top of the demo data, as `npm start` seeds it. */
async function practiceApp(backend: Backend, now?: Date): Promise<TestApp> {
  const t = await buildTestApp(backend);
  if (now) t.clock.now = now;
  const hash = await hashPassword(DEMO_PASSWORD);
  await t.deps.database.db.transaction((tx) => seedPractice(tx, t.clock.now, hash));
  return t;
}

/** What a user would compare between two seeds: every practice bill's visible facts. */
async function practiceBills(t: TestApp) {
  const { db } = t.deps.database;
  return db
    .select({
      client: clients.name,
      vendor: vendors.name,
      amount: bills.amount,
      due: bills.dueDate,
      paid: bills.paidDate,
      status: bills.status,
      invoice: bills.invoiceNumber,
      entered: bills.createdAt,
    })
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(
      inArray(
        clients.name,
        PRACTICE_CLIENTS.map((c) => c.name),
      ),
    )
    .orderBy(asc(bills.id));
}

describe.each(backends)('demo practice (%s)', (backend: Backend) => {
  let t: TestApp;
  /** The practice as seeded, before the tests below act on some of its bills. */
  let seeded: Awaited<ReturnType<typeof practiceBills>>;
  beforeAll(async () => {
    t = await practiceApp(backend);
    seeded = await practiceBills(t);
  });
  afterAll(() => t.close());

  const orgBase = async () => {
    const [org] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Demo Family Office'));
    return `/v1/billing/organizations/${org?.guid}`;
  };

  it('gives Demo Family Office at least 8 clients of both services, each practice client with entities, vendors and a user', async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const orgs = (await manager('GET', '/v1/accounts/organizations')).json();
    const orgGuid = (orgs.results ?? orgs)[0].guid;
    const list = (await manager('GET', `/v1/accounts/organizations/${orgGuid}/clients?page_size=100`)).json();
    expect(list.count).toBeGreaterThanOrEqual(8);
    const services = new Set(list.results.map((c: { service: string }) => c.service));
    expect(services).toEqual(new Set(['bill_pay', 'family_office_accounting']));
    for (const spec of PRACTICE_CLIENTS) {
      expect(list.results.map((c: { name: string }) => c.name)).toContain(spec.name);
    }
    // A practice client's own user signs in and sees its bills.
    const whitfield = PRACTICE_CLIENTS[0];
    if (!whitfield) throw new Error('no practice client');
    const client = caller(t, await login(t.app, whitfield.user.email));
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.name, whitfield.name));
    const own = (await client('GET', `/v1/billing/clients/${row?.guid}/bills`)).json();
    expect(own.count).toBeGreaterThan(50);
  });

  it('fills every queue, the busy ones beyond one page, with bills that can be acted on', async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const base = await orgBase();
    const counts = (await manager('GET', `${base}/bills/queue-counts`)).json();
    for (const queue of ['pre-bill-inbox', 'org-approval', 'client-approval', 'payment-pending', 'paid'])
      expect(counts[queue], queue).toBeGreaterThan(10);
    for (const queue of ['rejected', 'verbal-approval', 'poa-approval'])
      expect(counts[queue], queue).toBeGreaterThan(1);
    expect((await manager('GET', `${base}/bills?status=changes_required`)).json().count).toBeGreaterThan(1);

    // Page 2 of the org-approval queue exists, and a bill on it can be approved by the manager.
    const page2 = (await manager('GET', `${base}/bills?queue=org-approval&page=2`)).json();
    expect(page2.results.length).toBeGreaterThan(0);
    const waiting = (page2.results as BillSummary[])[0];
    const clientGuid = waiting?.client.guid;
    const bill = (await manager('GET', `/v1/billing/clients/${clientGuid}/bills/${waiting?.guid}`)).json();
    expect(bill.can.approve).toBe(true);
    const approved = await manager(
      'POST',
      `/v1/billing/clients/${clientGuid}/bills/${waiting?.guid}/workflow`,
      {
        action: 'approve',
        version: bill.version,
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).not.toBe('org_approval');

    // A phone approval waits for a second staff member: the manager confirms it and the bill moves on.
    const verbal = (await manager('GET', `${base}/bills?queue=verbal-approval`)).json()
      .results[0] as BillSummary;
    const verbalPath = `/v1/billing/clients/${verbal.client.guid}/bills/${verbal.guid}`;
    const confirm = await manager('POST', `${verbalPath}/workflow`, {
      action: 'approve',
      version: (await manager('GET', verbalPath)).json().version,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().status).not.toBe('verbal_approval');

    // A bill waiting for its payment is paid from its client's operating account.
    const due = (await manager('GET', `${base}/bills?queue=payment-pending`)).json()
      .results[0] as BillSummary;
    const [account] = await t.deps.database.db
      .select({ guid: clientInstitutions.guid })
      .from(clientInstitutions)
      .innerJoin(clients, eq(clients.id, clientInstitutions.clientId))
      .where(eq(clients.guid, due.client.guid));
    const paid = await manager(
      'POST',
      `/v1/billing/clients/${due.client.guid}/bills/${due.guid}/workflow/record-payment`,
      {
        payment_date: isoDay(t.clock.now),
        paid_from_account: account?.guid,
        reference: '4417',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');

    // A practice client's own user approves a bill waiting on them.
    const whitfield = PRACTICE_CLIENTS[0];
    if (!whitfield) throw new Error('no practice client');
    const user = caller(t, await login(t.app, whitfield.user.email));
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.name, whitfield.name));
    const clientBase = `/v1/billing/clients/${row?.guid}/bills`;
    const mine = (await user('GET', `${clientBase}?client_list=client-pre-bill`)).json();
    expect(mine.count).toBeGreaterThan(0);
    const waitingOnMe = mine.results[0] as BillSummary;
    const mineNow = (await user('GET', `${clientBase}/${waitingOnMe.guid}`)).json();
    expect(mineNow.can.approve).toBe(true);
    const ok = await user('POST', `${clientBase}/${waitingOnMe.guid}/workflow`, {
      action: 'approve',
      version: mineNow.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('pays bills in every one of the last 12 months', async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const base = await orgBase();
    const now = t.clock.now;
    const from = isoDay(new Date(now.getTime() - 365 * DAY_MS));
    const days = (
      await manager('GET', `${base}/by-paid-date?date_from=${from}&date_to=${isoDay(now)}`)
    ).json().results as { date: string; count: number; amount: number }[];
    const months = new Set(days.map((d) => d.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(days.reduce((n, d) => n + d.count, 0)).toBeGreaterThan(300);
    const metrics = (await manager('GET', `${base}/summary-metrics`)).json();
    expect(JSON.stringify(metrics)).toContain('paid');
  });

  it('lets search find a practice vendor, and has commitments, notes and messages', async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const base = await orgBase();
    const found = (await manager('GET', `${base}/advanced-search?search=Lakeside%20Country`)).json();
    expect(found.count).toBeGreaterThan(3);
    for (const bill of found.results as BillSummary[]) expect(bill.vendor.name).toBe('Lakeside Country Club');
    const { db } = t.deps.database;
    expect((await db.select().from(commitments)).length).toBeGreaterThan(10);
    expect((await db.select().from(billNotes)).length).toBeGreaterThan(10);
    expect((await db.select().from(billMessages)).length).toBeGreaterThan(5);
  });

  it('is the same practice on every seed with the same now', async () => {
    const again = await practiceApp(backend, t.clock.now);
    try {
      const second = await practiceBills(again);
      expect(second.length).toBeGreaterThan(500);
      expect(second).toEqual(seeded);
    } finally {
      await again.close();
    }
  });
});
