import type { SummaryMetrics } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { billApprovals, bills } from '../bill-core/tables.ts';
import { clientUsers } from '../clients/tables.ts';
import { designatedVendors } from '../entities/tables.ts';
import { users } from '../users/tables.ts';
import { billKit } from './test-support.ts';

const HARPER = 'Harper Household';
const CLIENT = 'client@demo.test';
const DESIGNEE = 'designee@demo.test';

/**
 * The client dashboard's "Awaiting your approval": for a client user, only the bills whose current step
 * that user may approve now, not those still with the organisation's own review (issue 10, item 11).
 */
describe.each(backends)('summary metrics: awaiting your approval (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let harper: string;

  const awaitingOf = async (email: string) => {
    const res = await (await kit.as(email))(`${harper}/summary-metrics`);
    expect(res.statusCode).toBe(200);
    return (res.json() as SummaryMetrics).awaiting_approval;
  };

  const userIdOf = async (email: string) => {
    const [row] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`${email} is not seeded`);
    return row.id;
  };

  beforeAll(async () => {
    await kit.clearBills();
    harper = `/v1/billing/clients/${(await kit.demoClient(HARPER)).client.guid}`;
  });

  it("counts a bill in client approval, not one still in the organisation's review", async () => {
    await kit.insertBill(HARPER, { status: 'org_approval', amount: 10_000 });
    await kit.insertBill(HARPER, { status: 'poa_approval', amount: 15_000 });
    await kit.insertBill(HARPER, { status: 'client_approval', amount: 20_000 });
    expect(await awaitingOf(CLIENT)).toEqual({ count: 1, amount: 20_000 });
    // Staff on the same client keep the organisation-wide meaning: every step still to approve.
    expect(await awaitingOf('manager@demo.test')).toEqual({ count: 3, amount: 45_000 });
    // An observer approves nothing.
    expect(await awaitingOf('observer@demo.test')).toEqual({ count: 0, amount: 0 });
  });

  it('leaves out a second approval the user already gave the first approval of', async () => {
    const { db } = t.deps.database;
    const guid = await kit.insertBill(HARPER, { status: 'needs_2nd_approval', amount: 30_000 });
    const [bill] = await db.select().from(bills).where(eq(bills.guid, guid));
    if (!bill) throw new Error('bill not inserted');
    await db.insert(billApprovals).values({
      billId: bill.id,
      round: bill.round,
      step: 'client_approval',
      userId: await userIdOf(CLIENT),
      result: 'approved',
    });
    expect(await awaitingOf(CLIENT)).toEqual({ count: 1, amount: 20_000 });
    // The designee may give the second approval.
    expect(await awaitingOf(DESIGNEE)).toEqual({ count: 2, amount: 50_000 });
  });

  it('keeps a designee to its limits: approval limit and designated vendors', async () => {
    const { db } = t.deps.database;
    const designee = await kit.clientUserId(DESIGNEE, HARPER);
    await db.update(clientUsers).set({ approvalLimit: 25_000 }).where(eq(clientUsers.id, designee));
    // The 30,000 bill is above the designee's 25,000 limit; the client has no limit.
    expect(await awaitingOf(DESIGNEE)).toEqual({ count: 1, amount: 20_000 });
    expect(await awaitingOf(CLIENT)).toEqual({ count: 1, amount: 20_000 });

    const h = await kit.demoClient(HARPER);
    const other = await kit.vendorOf(h.legal.id, 'Designated Vendor LLC');
    await kit.insertBill(HARPER, { status: 'client_approval', amount: 5_000, vendor: other.name });
    await db.insert(designatedVendors).values({ clientUserId: designee, vendorId: other.id });
    // Designated vendors: only those vendors' bills wait on the designee.
    expect(await awaitingOf(DESIGNEE)).toEqual({ count: 1, amount: 5_000 });
    expect(await awaitingOf(CLIENT)).toEqual({ count: 2, amount: 25_000 });
  });
});
