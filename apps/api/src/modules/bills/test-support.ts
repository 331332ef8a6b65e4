import type { CreateBillRequest } from '@bp/contracts';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { accounts, divisions, entities, vendors } from '../entities/tables.ts';
import { organizations } from '../organizations/tables.ts';

/** Each request gets its own invoice number, so tests entering several bills do not trip the duplicate check. */
let invoiceSequence = 0;

/**
 * A demo client's books as bill tests need them: the legal entity (seeded with assignable sub-accounts,
 * unassignable parents, divisions and vendors) and the personal entity, plus URLs.
 */
export async function billBooks(t: TestApp, clientName = 'Harper Household') {
  const { db } = t.deps.database;
  const [client] = await db.select().from(clients).where(eq(clients.name, clientName));
  if (!client) throw new Error(`${clientName} is not seeded`);
  const [org] = await db.select().from(organizations).where(eq(organizations.id, client.organizationId));
  const [legal, personal] = await db
    .select()
    .from(entities)
    .where(eq(entities.clientId, client.id))
    .orderBy(asc(entities.id));
  if (!legal || !personal || !org) throw new Error(`${clientName} has no entities`);
  const assignable = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, legal.id), isNotNull(accounts.parentId)))
    .orderBy(asc(accounts.id));
  const [parent] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, legal.id), isNull(accounts.parentId)))
    .orderBy(asc(accounts.id));
  const vendorRows = await db
    .select()
    .from(vendors)
    .where(eq(vendors.entityId, legal.id))
    .orderBy(asc(vendors.id));
  const divisionRows = await db
    .select()
    .from(divisions)
    .where(eq(divisions.entityId, legal.id))
    .orderBy(asc(divisions.id));
  const [electricity, water] = assignable;
  const [power, landscaping, insurance] = vendorRows;
  const [mainResidence] = divisionRows;
  if (!electricity || !water || !parent || !power || !landscaping || !insurance || !mainResidence)
    throw new Error('seeded books are missing');
  const base = `/v1/billing/clients/${client.guid}/bills`;
  return {
    client,
    org,
    legal,
    personal,
    electricity,
    water,
    parent,
    power,
    landscaping,
    insurance,
    mainResidence,
    base,
    bill: (guid: string) => `${base}/${guid}`,
    queues: `/v1/billing/organizations/${org.guid}/bills`,
    /** A valid request: one line on an assignable account, ACH, due in the future, a new invoice number. */
    request(overrides: Partial<CreateBillRequest> = {}): CreateBillRequest {
      const amount = overrides.amount ?? 12_345;
      return {
        entity: legal.guid,
        vendor: power.guid,
        amount,
        due_date: '2030-01-15',
        invoice_number: `INV-${++invoiceSequence}`,
        payment_method: 'ach',
        invoice_source: 'mail_scan',
        lines: [{ account: electricity.guid, amount, memo: 'January power' }],
        ...overrides,
      } as CreateBillRequest;
    },
  };
}
