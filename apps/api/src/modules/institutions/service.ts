import type { ParentInstitution } from '@bp/contracts';
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import { createdFields, deletedFields } from '../../platform/audit/changes.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { conflict, notFound } from './errors.ts';
import { parentInstitutions } from './tables.ts';

type Row = typeof parentInstitutions.$inferSelect;
const DUPLICATE_NAME = 'An institution with this name already exists.';
const inUse = (name: string) =>
  conflict(
    `${name} is used by client institutions and cannot be deleted. ` +
      'Mark it inactive instead, or move those accounts to another institution first.',
  );
export const INSTITUTION_ORDERING = ['name', 'created_on'] as const;

const itemOf = (row: Row): ParentInstitution => ({
  guid: row.guid,
  name: row.name,
  website: row.website,
  routing_number: row.routingNumber,
  is_active: row.isActive,
  created_on: row.createdAt.toISOString(),
});
const fieldsOf = (row: Row) => ({
  name: row.name,
  website: row.website,
  routing_number: row.routingNumber,
  is_active: row.isActive,
});

async function find(db: DbOrTx, guid: string): Promise<Row> {
  if (!isGuid(guid)) throw notFound();
  const [row] = await db.select().from(parentInstitutions).where(eq(parentInstitutions.guid, guid));
  if (!row) throw notFound();
  return row;
}

async function nameTaken(db: DbOrTx, name: string, exceptId?: number) {
  const conditions: SQL[] = [sql`lower(${parentInstitutions.name}) = ${name.toLowerCase()}`];
  if (exceptId !== undefined) conditions.push(ne(parentInstitutions.id, exceptId));
  const [row] = await db
    .select({ id: parentInstitutions.id })
    .from(parentInstitutions)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

interface Fields {
  name?: string | undefined;
  website?: string | null | undefined;
  routing_number?: string | null | undefined;
  is_active?: boolean | undefined;
}

/**
 * The shared list of parent institutions. Every organisation user reads it; it belongs to no tenant, so
 * only internal staff change it (the routes' policy, decision 014) and its audit records carry no
 * organisation: they appear in the event logs of the organisations their author belongs to.
 * An organisation's own view of a bank (its name, the account) is the client institution that points here.
 */
/**
 * Does any client institution point at this parent institution? Client records build on institutions,
 * so app.ts passes client-records' answer in.
 */
export type ParentInstitutionInUse = (tx: DbOrTx, parentInstitutionId: number) => Promise<boolean>;

export function createInstitutionService(
  { database, now }: Pick<AppDeps, 'database' | 'now'>,
  isInUse: ParentInstitutionInUse,
) {
  const { db } = database;

  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'parent_institutions_name_key')) throw invalid('name', DUPLICATE_NAME);
      throw error;
    }
  }

  return {
    async list(options: {
      window: PageWindow;
      search?: string | undefined;
      isActive?: boolean | undefined;
      ordering: { field: (typeof INSTITUTION_ORDERING)[number]; desc: boolean };
    }) {
      const conditions: SQL[] = [];
      const match = containsAny(options.search, [parentInstitutions.name, parentInstitutions.routingNumber]);
      if (match) conditions.push(match);
      if (options.isActive !== undefined) conditions.push(eq(parentInstitutions.isActive, options.isActive));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(parentInstitutions).where(where);
      const column =
        options.ordering.field === 'name' ? parentInstitutions.name : parentInstitutions.createdAt;
      const rows = await db
        .select()
        .from(parentInstitutions)
        .where(where)
        .orderBy(options.ordering.desc ? desc(column) : asc(column), asc(parentInstitutions.id))
        .limit(options.window.limit)
        .offset(options.window.offset);
      return { count: total?.n ?? 0, results: rows.map(itemOf) };
    },

    get: async (guid: string) => itemOf(await find(db, guid)),

    async create(input: Fields & { name: string }, actor: AuditActor) {
      return write(async (tx) => {
        if (await nameTaken(tx, input.name)) throw invalid('name', DUPLICATE_NAME);
        const [row] = await tx
          .insert(parentInstitutions)
          .values({
            name: input.name,
            website: input.website ?? null,
            routingNumber: input.routing_number ?? null,
            isActive: input.is_active ?? true,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'parent_institution_created',
          objectType: 'parent_institution',
          objectGuid: row.guid,
          changes: createdFields(fieldsOf(row)),
        });
        return itemOf(row);
      });
    },

    async patch(guid: string, input: Fields, actor: AuditActor) {
      return write(async (tx) => {
        const row = await find(tx, guid);
        const changes = diffFields(fieldsOf(row), { ...input });
        if (Object.keys(changes).length === 0) return itemOf(row);
        if (input.name !== undefined && (await nameTaken(tx, input.name, row.id)))
          throw invalid('name', DUPLICATE_NAME);
        const [updated] = await tx
          .update(parentInstitutions)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.website !== undefined ? { website: input.website } : {}),
            ...(input.routing_number !== undefined ? { routingNumber: input.routing_number } : {}),
            ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
          })
          .where(eq(parentInstitutions.id, row.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'parent_institution_updated',
          objectType: 'parent_institution',
          objectGuid: row.guid,
          changes,
        });
        return itemOf(updated ?? row);
      });
    },

    /** Refused (409) while clients' institutions point at it; deactivating it hides it instead. */
    async remove(guid: string, actor: AuditActor) {
      let name = '';
      await write(async (tx) => {
        const row = await find(tx, guid);
        name = row.name;
        // How many, and whose, is other organisations' business: the answer only says that it is used.
        if (await isInUse(tx, row.id)) throw inUse(row.name);
        await tx.delete(parentInstitutions).where(eq(parentInstitutions.id, row.id));
        await recordAudit(tx, actor, {
          action: 'parent_institution_deleted',
          objectType: 'parent_institution',
          objectGuid: row.guid,
          changes: deletedFields(fieldsOf(row)),
        });
      }).catch((error: unknown) => {
        // A client institution added meanwhile: the foreign key refuses the delete.
        if (isForeignKeyViolation(error)) throw inUse(name);
        throw error;
      });
    },
  };
}
