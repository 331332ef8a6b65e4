import type { Bill, CreateBillRequest } from '@bp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { login, type TestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { billApprovals, bills } from '../bill-core/tables.ts';
import { billBooks } from '../bills/test-support.ts';
import { clientInstitutions } from '../client-records/tables.ts';
import { clientAssignments, clients, clientUsers } from '../clients/tables.ts';
import { organizations, organizationUsers } from '../organizations/tables.ts';
import { tasks } from '../tasks/tables.ts';
import { users } from '../users/tables.ts';

let counter = 0;

/** Workflow test kit: people with the right team levels, bills entered through the bills API, calls. */
export function workflowKit(t: TestApp) {
  const db = () => t.deps.database.db;

  async function orgOf(name = 'Demo Family Office') {
    const [org] = await db().select().from(organizations).where(eq(organizations.name, name));
    if (!org) throw new Error(`${name} not seeded`);
    return org;
  }

  /** A new staff member of Demo Family Office with a team level (Lead, Supervisor, Manager, POA Approval, Associate). */
  async function staff(
    teamLabel: string,
    options: { role?: string; assignTo?: string; kind?: 'assigned' | 'backup' } = {},
  ) {
    const org = await orgOf();
    counter += 1;
    const email = `${teamLabel.toLowerCase().replaceAll(' ', '-')}-${counter}-${Date.now()}@demo.test`;
    const [user] = await db()
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        passwordSetAt: new Date(),
        firstName: teamLabel,
        lastName: `Number ${counter}`,
        type: 'bporg',
        acceptedTermsAt: new Date(),
      })
      .returning();
    if (!user) throw new Error('no user');
    const [member] = await db()
      .insert(organizationUsers)
      .values({ organizationId: org.id, userId: user.id, role: options.role ?? 'user', teamLabel })
      .returning();
    if (options.assignTo && member) {
      const [client] = await db().select().from(clients).where(eq(clients.name, options.assignTo));
      await db()
        .insert(clientAssignments)
        .values({
          organizationUserId: member.id,
          clientId: client?.id ?? 0,
          kind: options.kind ?? 'assigned',
        });
    }
    return { user, member, as: await as(email) };
  }

  /** A new user of Harper Household with a role (client, designee) and, for designees, a limit. */
  async function clientUser(role: string, approvalLimit = 0) {
    const [client] = await db().select().from(clients).where(eq(clients.name, 'Harper Household'));
    counter += 1;
    const email = `${role}-${counter}-${Date.now()}@demo.test`;
    const [user] = await db()
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        passwordSetAt: new Date(),
        firstName: role,
        lastName: `Number ${counter}`,
        type: 'client',
        acceptedTermsAt: new Date(),
      })
      .returning();
    if (!user) throw new Error('no user');
    const [link] = await db()
      .insert(clientUsers)
      .values({
        clientId: client?.id ?? 0,
        userId: user.id,
        role,
        clientRelation: role === 'designee' ? 'designee' : 'primary',
        approvalLimit,
      })
      .returning();
    return { user, link, as: await as(email) };
  }

  async function as(email: string, headers: Record<string, string> = {}): Promise<Caller> {
    return caller(t, await login(t.app, email), headers);
  }

  async function books() {
    return billBooks(t);
  }

  /** Enters a bill through the bills API as `by` (an associate by default) and answers it. */
  async function enter(by: Caller, overrides: Partial<CreateBillRequest> = {}): Promise<Bill> {
    const b = await books();
    const res = await by.post(b.base, b.request(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Bill;
  }

  async function workflow(by: Caller, bill: Bill, body: Record<string, unknown>) {
    const b = await books();
    return by.post(`${b.bill(bill.guid)}/workflow`, body);
  }

  /** A seeded account of the client to pay from (Harper's "Operating account ••4821"). */
  async function payingAccount(clientName = 'Harper Household') {
    const [row] = await db()
      .select({ guid: clientInstitutions.guid })
      .from(clientInstitutions)
      .innerJoin(clients, eq(clients.id, clientInstitutions.clientId))
      .where(eq(clients.name, clientName))
      .orderBy(asc(clientInstitutions.id));
    if (!row) throw new Error(`${clientName} has no account`);
    return row.guid;
  }

  /** POST .../workflow/record-payment with valid details (today, the client's account, a trace number). */
  async function pay(by: Caller, bill: Bill, body: Record<string, unknown> = {}) {
    const b = await books();
    return by.post(`${b.bill(bill.guid)}/workflow/record-payment`, {
      payment_date: new Date(t.deps.now()).toISOString().slice(0, 10),
      paid_from_account: await payingAccount(),
      reference: 'TRACE-0001',
      ...body,
    });
  }

  /**
   * A bill of Harper's entered by the associate and brought to payment_pending: supervisor review by a
   * new Lead, then the client's approval.
   */
  async function paymentPendingBill(overrides: Partial<CreateBillRequest> = {}): Promise<Bill> {
    const lead = await staff('Lead');
    const bill = await enter(await as('associate@demo.test'), overrides);
    expect((await workflow(lead.as, bill, { action: 'approve' })).statusCode).toBe(200);
    const res = await workflow(await as('client@demo.test'), bill, { action: 'approve' });
    expect(res.json().status).toBe('payment_pending');
    return res.json() as Bill;
  }

  async function approvalsOf(billGuid: string) {
    const [bill] = await db().select().from(bills).where(eq(bills.guid, billGuid));
    return db()
      .select()
      .from(billApprovals)
      .where(and(eq(billApprovals.billId, bill?.id ?? 0), eq(billApprovals.round, bill?.round ?? 0)))
      .orderBy(asc(billApprovals.id));
  }

  async function tasksOf(billGuid: string) {
    const [bill] = await db().select().from(bills).where(eq(bills.guid, billGuid));
    return db()
      .select()
      .from(tasks)
      .where(eq(tasks.billId, bill?.id ?? 0))
      .orderBy(asc(tasks.id));
  }

  async function statusOf(billGuid: string) {
    const [bill] = await db().select().from(bills).where(eq(bills.guid, billGuid));
    return bill;
  }

  /** The Demo Family Office membership id of a staff user. */
  async function memberId(email: string) {
    const [row] = await db()
      .select({ id: organizationUsers.id })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(and(eq(users.email, email), eq(organizationUsers.organizationId, (await orgOf()).id)));
    return row?.id;
  }

  return {
    memberId,
    staff,
    clientUser,
    as,
    books,
    enter,
    workflow,
    pay,
    payingAccount,
    paymentPendingBill,
    approvalsOf,
    tasksOf,
    statusOf,
    orgOf,
  };
}
