import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { clients } from '../modules/clients/tables.ts';
import { createCommitmentInTx } from '../modules/commitments/commitment-service.ts';
import { utcDay } from '../modules/commitments/instance-generation.ts';
import { accounts, divisions, entities, vendors } from '../modules/entities/tables.ts';
import { users } from '../modules/users/tables.ts';
import type { AuditActor } from '../platform/audit/audit.ts';
import type { Tx } from '../platform/db.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo commitments (issue 6) of Harper Household's legal entity, entered by the associate, with their
 * instances generated three months ahead: monthly electricity on the 20th, the yearly property tax on
 * November 30, and a credit card paid by the vendor's autopay on the 5th, entered two months ago so
 * its tracker already shows autopay instances. Runs inside the demo seed's transaction.
 */
export async function seedCommitments(tx: Tx, now: Date = new Date()): Promise<void> {
  const [client] = await tx.select().from(clients).where(eq(clients.name, 'Harper Household'));
  if (!client) throw new Error('seed: no client Harper Household');
  const [entity] = await tx
    .select()
    .from(entities)
    .where(eq(entities.clientId, client.id))
    .orderBy(asc(entities.id));
  if (!entity) throw new Error('seed: Harper Household has no entity');
  const [electricity] = await tx
    .select()
    .from(accounts)
    .where(
      and(eq(accounts.entityId, entity.id), eq(accounts.name, 'Electricity'), isNotNull(accounts.parentId)),
    );
  const [power] = await tx
    .select()
    .from(vendors)
    .where(and(eq(vendors.entityId, entity.id), eq(vendors.name, 'Pacific Power & Light')));
  const [residence] = await tx
    .select()
    .from(divisions)
    .where(and(eq(divisions.entityId, entity.id), eq(divisions.name, 'Main Residence')));
  if (!electricity || !power || !residence) throw new Error('seed: Harper Household books are missing');
  const [treasury, card] = await tx
    .insert(vendors)
    .values([
      {
        entityId: entity.id,
        name: 'King County Treasury',
        vendorType: 'government',
        city: 'Seattle',
        state: 'WA',
      },
      {
        entityId: entity.id,
        name: 'Amex Card Services',
        vendorType: 'credit_card',
        city: 'Phoenix',
        state: 'AZ',
      },
    ])
    .returning();
  if (!treasury || !card) throw new Error('seed: vendors not inserted');

  const [associate] = await tx.select().from(users).where(eq(users.email, 'associate@demo.test'));
  const actor: AuditActor = {
    actorUserId: associate?.id ?? null,
    maskedByUserId: null,
    requestId: null,
    ipAddress: null,
  };
  const today = utcDay(now);
  const enter = (values: Parameters<typeof createCommitmentInTx>[3], daysAgo = 0) => {
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    return createCommitmentInTx(tx, { id: client.id, organizationId: client.organizationId }, actor, values, {
      now: at,
      today,
      audit: false,
    });
  };
  const common = {
    entity: entity.guid,
    is_variable: false,
    end_date: null,
    division: null,
    due_month: null,
    autopay: false,
  };
  await enter({
    ...common,
    vendor: power.guid,
    category: 'utilities',
    frequency: 'monthly',
    expected_amount: 18_500,
    due_day: 20,
    start_date: today,
    payment_method: 'ach',
    account: electricity.guid,
    division: residence.guid,
    memo: 'Main residence electricity',
  });
  await enter({
    ...common,
    vendor: treasury.guid,
    category: 'property_tax',
    frequency: 'yearly',
    expected_amount: 642_000,
    due_day: 30,
    due_month: 11,
    start_date: today,
    payment_method: 'check',
    account: null,
    memo: 'Second-half property tax',
  });
  await enter(
    {
      ...common,
      vendor: card.guid,
      category: 'credit_card',
      frequency: 'monthly',
      expected_amount: null,
      is_variable: true,
      due_day: 5,
      start_date: utcDay(new Date(now.getTime() - 60 * DAY_MS)),
      payment_method: 'auto',
      account: null,
      memo: 'Card statement, paid by autopay',
      autopay: true,
    },
    60,
  );
}
