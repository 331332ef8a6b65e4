import type { Contact, PageQuery } from '@bp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { hasChanges, planPatch } from '../entities/patch.ts';
import { auditWrite, createdChanges, deletedChanges, type Tenant } from '../entities/tenant.ts';
import { contacts } from './tables.ts';

type ContactRow = typeof contacts.$inferSelect;
export type ContactInput = Partial<Omit<Contact, 'guid' | 'created_on'>>;

const COLUMNS = {
  name: 'name',
  email_address: 'emailAddress',
  phone: 'phone',
  relation: 'relation',
  notes: 'notes',
} as const;
const ORDERING = ['name', 'created_on'] as const;

const present = (row: ContactRow): Contact => ({
  guid: row.guid,
  name: row.name,
  email_address: row.emailAddress,
  phone: row.phone,
  relation: row.relation,
  notes: row.notes,
  created_on: row.createdAt.toISOString(),
});

async function findContact(db: DbOrTx, tenant: Tenant, contactGuid: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.guid, contactGuid), eq(contacts.clientId, tenant.clientId)));
  if (!row) throw notFound();
  return row;
}

/** People around a client who are not app users. */
export function createContactService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, query: PageQuery) {
      const where = and(
        eq(contacts.clientId, tenant.clientId),
        containsAny(query.search, [contacts.name, contacts.emailAddress, contacts.relation]),
      );
      const order = parseOrdering(query.ordering, ORDERING, { field: 'name', desc: false });
      const column = order.field === 'name' ? contacts.name : contacts.createdAt;
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(contacts).where(where);
      const rows = await db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(contacts.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(present) };
    },

    async get(tenant: Tenant, contactGuid: string) {
      return present(await findContact(db, tenant, contactGuid));
    },

    async create(tenant: Tenant, input: ContactInput & { name: string }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contacts)
          .values({
            clientId: tenant.clientId,
            name: input.name,
            emailAddress: input.email_address ?? null,
            phone: input.phone ?? null,
            relation: input.relation ?? null,
            notes: input.notes ?? null,
          })
          .returning();
        if (!row) throw new Error('contact insert returned nothing');
        const created = present(row);
        await auditWrite(tx, tenant, {
          action: 'contact_created',
          objectType: 'contact',
          objectGuid: row.guid,
          changes: createdChanges(created),
        });
        return created;
      });
    },

    async patch(tenant: Tenant, contactGuid: string, input: ContactInput) {
      const row = await findContact(db, tenant, contactGuid);
      const before = present(row);
      const plan = planPatch(COLUMNS, before, input);
      if (!hasChanges(plan)) return before;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(contacts)
          .set(plan.set as Partial<ContactRow>)
          .where(eq(contacts.id, row.id))
          .returning();
        await auditWrite(tx, tenant, {
          action: 'contact_updated',
          objectType: 'contact',
          objectGuid: row.guid,
          changes: plan.changes,
        });
        return present(updated ?? row);
      });
    },

    async remove(tenant: Tenant, contactGuid: string) {
      const row = await findContact(db, tenant, contactGuid);
      await db.transaction(async (tx) => {
        await tx.delete(contacts).where(eq(contacts.id, row.id));
        await auditWrite(tx, tenant, {
          action: 'contact_deleted',
          objectType: 'contact',
          objectGuid: row.guid,
          changes: deletedChanges(present(row)),
        });
      });
    },
  };
}
