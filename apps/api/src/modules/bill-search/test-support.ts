import type { TokenPair } from '@bp/contracts';
import type { BillStatus, InvoiceSource, PaymentMethod } from '@bp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, login } from '../../test/build-test-app.ts';
import { billLines, bills } from '../bill-core/tables.ts';
import { clients, clientUsers } from '../clients/tables.ts';
import { accounts, entities, vendors } from '../entities/tables.ts';
import { users } from '../users/tables.ts';

/** What a test bill may set; everything else gets a plain default. */
export interface BillSpec {
  /** Which of the client's two seeded entities pays it. */
  entity?: 'legal' | 'personal';
  /** Vendor name; created on the entity when it has no vendor of that name yet. */
  vendor?: string;
  amount?: number;
  dueDate?: string;
  status?: BillStatus;
  paidDate?: string | null;
  invoiceNumber?: string | null;
  invoiceDate?: string | null;
  paymentMethod?: PaymentMethod;
  invoiceSource?: InvoiceSource;
  /** One line per memo; the amount is split across them. */
  memos?: string[];
  createdAt?: Date;
}

/**
 * Bills written straight into the tables (the bills API is another module's), on the seeded demo
 * clients, entities, vendors and accounts.
 */
export function billKit(t: TestApp) {
  const db = () => t.deps.database.db;

  async function demoClient(name: string) {
    const [client] = await db().select().from(clients).where(eq(clients.name, name));
    if (!client) throw new Error(`${name} is not seeded`);
    const [legal, personal] = await db()
      .select()
      .from(entities)
      .where(eq(entities.clientId, client.id))
      .orderBy(asc(entities.id));
    if (!legal || !personal) throw new Error(`${name} has no entities`);
    const [account] = await db()
      .select()
      .from(accounts)
      .where(and(eq(accounts.entityId, legal.id), eq(accounts.assignableToBill, true)))
      .orderBy(asc(accounts.id));
    if (!account) throw new Error(`${name} has no account`);
    return { client, legal, personal, account };
  }

  async function vendorOf(entityId: number, name: string) {
    const [found] = await db()
      .select()
      .from(vendors)
      .where(and(eq(vendors.entityId, entityId), eq(vendors.name, name)));
    if (found) return found;
    const [created] = await db().insert(vendors).values({ entityId, name }).returning();
    if (!created) throw new Error('vendor not created');
    return created;
  }

  /** Inserts one bill (and its lines) for a demo client; returns its guid. */
  async function insertBill(clientName: string, spec: BillSpec = {}): Promise<string> {
    const { client, legal, personal, account } = await demoClient(clientName);
    const entity = spec.entity === 'personal' ? personal : legal;
    const vendor = await vendorOf(entity.id, spec.vendor ?? 'Pacific Power & Light');
    const amount = spec.amount ?? 10_000;
    const status = spec.status ?? 'org_approval';
    const [bill] = await db()
      .insert(bills)
      .values({
        organizationId: client.organizationId,
        clientId: client.id,
        entityId: entity.id,
        vendorId: vendor.id,
        amount,
        dueDate: spec.dueDate ?? '2026-06-15',
        invoiceNumber: spec.invoiceNumber === undefined ? 'INV-1000' : spec.invoiceNumber,
        invoiceDate: spec.invoiceDate ?? null,
        paymentMethod: spec.paymentMethod ?? 'ach',
        invoiceSource: spec.invoiceSource ?? 'online',
        status,
        paidDate: spec.paidDate === undefined ? (status === 'paid' ? '2026-05-01' : null) : spec.paidDate,
        ...(spec.createdAt ? { createdAt: spec.createdAt, updatedAt: spec.createdAt } : {}),
      })
      .returning({ id: bills.id, guid: bills.guid });
    if (!bill) throw new Error('bill not created');
    const memos = spec.memos ?? [''];
    const share = Math.floor(amount / memos.length);
    await db()
      .insert(billLines)
      .values(
        memos.map((memo, position) => ({
          billId: bill.id,
          organizationId: client.organizationId,
          // The line account must be one of the bill entity's; the personal entity has none seeded.
          accountId: account.id,
          memo,
          amount: position === 0 ? amount - share * (memos.length - 1) : share,
          position,
        })),
      );
    return bill.guid;
  }

  /**
   * Starts from no bills at all (the demo seed may carry some), so a test's figures are exactly those
   * of the bills it inserts. Each test file has its own database.
   */
  async function clearBills() {
    await db().execute(sql`TRUNCATE ${bills} CASCADE`);
  }

  /** The client_users row of a demo client user, for limits (excluded vendors, designated entities). */
  async function clientUserId(email: string, clientName: string): Promise<number> {
    const [row] = await db()
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .innerJoin(clients, eq(clients.id, clientUsers.clientId))
      .where(and(eq(users.email, email), eq(clients.name, clientName)));
    if (!row) throw new Error(`${email} is not on ${clientName}`);
    return row.id;
  }

  /** A signed-in caller: `get(url, headers?)` answers the parsed response. */
  async function as(email: string) {
    const tokens: TokenPair = await login(t.app, email);
    return (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...bearer(tokens), ...headers } });
  }

  return { demoClient, vendorOf, insertBill, clearBills, clientUserId, as };
}
