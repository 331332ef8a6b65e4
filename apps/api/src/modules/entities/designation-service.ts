import type { DesignatedEntities, VendorSelection } from '@bp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/domain-errors.ts';
import { assertMayManage, auditScope, clientUserList } from '../clients/index.ts';
import { designatedEntities, designatedVendors, entities, excludedVendors, vendors } from './tables.ts';

const UNKNOWN_CLIENT_USER = 'Unknown user of this client.';
export type VendorListKind = 'designated' | 'excluded';
const VENDOR_TABLES = { designated: designatedVendors, excluded: excludedVendors } as const;

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/** Guids named in a list that the lookup did not find: a 400 naming each of them. */
function assertAllFound(field: string, wanted: string[], found: { guid: string }[], what: string) {
  const known = new Set(found.map((f) => f.guid));
  const missing = wanted.filter((g) => !known.has(g));
  if (missing.length > 0)
    throw new ValidationError({ [field]: missing.map((g) => `${g} is not ${what} of this client.`) });
}

/** Designee limits: designated entities and vendors, and vendors a client user never sees. */
export function createDesignationService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;

  /** The client user named in a request (or the caller itself, for a client user reading its own). */
  async function target(tx: DbOrTx, scope: ClientScope, clientUserGuid: string | undefined) {
    if (!clientUserGuid) {
      if (scope.via === 'client' && scope.clientUserId !== null) {
        const [own] = await tx
          .select({ id: clientUserList.id, guid: clientUserList.guid, role: clientUserList.role })
          .from(clientUserList)
          .where(eq(clientUserList.id, scope.clientUserId));
        if (own) return own;
      }
      throw invalid('client_user', 'This field is required.');
    }
    const [row] = await tx
      .select({ id: clientUserList.id, guid: clientUserList.guid, role: clientUserList.role })
      .from(clientUserList)
      .where(and(eq(clientUserList.clientId, scope.id), eq(clientUserList.guid, clientUserGuid)));
    if (!row) throw invalid('client_user', UNKNOWN_CLIENT_USER);
    return row;
  }

  async function entitiesOf(tx: DbOrTx, clientUserId: number) {
    return tx
      .select({ guid: entities.guid, nickname: entities.nickname })
      .from(designatedEntities)
      .innerJoin(entities, eq(entities.id, designatedEntities.entityId))
      .where(eq(designatedEntities.clientUserId, clientUserId))
      .orderBy(asc(entities.nickname), asc(entities.id));
  }

  async function vendorsOf(tx: DbOrTx, kind: VendorListKind, clientUserId: number) {
    const table = VENDOR_TABLES[kind];
    const rows = await tx
      .select({
        guid: vendors.guid,
        name: vendors.name,
        entityGuid: entities.guid,
        nickname: entities.nickname,
      })
      .from(table)
      .innerJoin(vendors, eq(vendors.id, table.vendorId))
      .innerJoin(entities, eq(entities.id, vendors.entityId))
      .where(eq(table.clientUserId, clientUserId))
      .orderBy(asc(vendors.name), asc(vendors.id));
    return rows.map((v) => ({
      guid: v.guid,
      name: v.name,
      entity: { guid: v.entityGuid, nickname: v.nickname },
    }));
  }

  return {
    async getEntities(scope: ClientScope, clientUserGuid: string | undefined): Promise<DesignatedEntities> {
      const who = await target(db, scope, clientUserGuid);
      return { client_user: who.guid, entities: await entitiesOf(db, who.id) };
    },

    /** Replaces the set; every entity must be this client's (400 naming those that are not). */
    async setEntities(
      scope: ClientScope,
      input: { client_user: string; entities: string[] },
      actor: AuditActor,
    ): Promise<DesignatedEntities> {
      const wanted = [...new Set(input.entities)];
      return db.transaction(async (tx) => {
        const who = await target(tx, scope, input.client_user);
        assertMayManage(scope, who, { limits: true });
        const found =
          wanted.length === 0
            ? []
            : await tx
                .select({ id: entities.id, guid: entities.guid })
                .from(entities)
                .where(and(eq(entities.clientId, scope.id), inArray(entities.guid, wanted)));
        assertAllFound('entities', wanted, found, 'an entity');
        const before = (await entitiesOf(tx, who.id)).map((e) => e.guid);
        if (!sameSet(before, wanted)) {
          await tx.delete(designatedEntities).where(eq(designatedEntities.clientUserId, who.id));
          if (found.length > 0)
            await tx
              .insert(designatedEntities)
              .values(found.map((e) => ({ clientUserId: who.id, entityId: e.id })));
          await recordAudit(tx, actor, {
            action: 'designated_entities_updated',
            objectType: 'client_user',
            objectGuid: who.guid,
            ...auditScope(scope),
            changes: { entities: { before: before.sort(), after: [...wanted].sort() } },
          });
        }
        return { client_user: who.guid, entities: await entitiesOf(tx, who.id) };
      });
    },

    async getVendors(
      scope: ClientScope,
      kind: VendorListKind,
      clientUserGuid: string | undefined,
    ): Promise<VendorSelection> {
      const who = await target(db, scope, clientUserGuid);
      return { client_user: who.guid, vendors: await vendorsOf(db, kind, who.id) };
    },

    /** Replaces the set; every vendor must belong to one of this client's entities. */
    async setVendors(
      scope: ClientScope,
      kind: VendorListKind,
      input: { client_user: string; vendors: string[] },
      actor: AuditActor,
    ): Promise<VendorSelection> {
      const wanted = [...new Set(input.vendors)];
      const table = VENDOR_TABLES[kind];
      return db.transaction(async (tx) => {
        const who = await target(tx, scope, input.client_user);
        assertMayManage(scope, who, { limits: true });
        const found =
          wanted.length === 0
            ? []
            : await tx
                .select({ id: vendors.id, guid: vendors.guid })
                .from(vendors)
                .innerJoin(entities, eq(entities.id, vendors.entityId))
                .where(and(eq(entities.clientId, scope.id), inArray(vendors.guid, wanted)));
        assertAllFound('vendors', wanted, found, 'a vendor');
        const before = (await vendorsOf(tx, kind, who.id)).map((v) => v.guid);
        if (!sameSet(before, wanted)) {
          await tx.delete(table).where(eq(table.clientUserId, who.id));
          if (found.length > 0)
            await tx.insert(table).values(found.map((v) => ({ clientUserId: who.id, vendorId: v.id })));
          await recordAudit(tx, actor, {
            action: `${kind}_vendors_updated`,
            objectType: 'client_user',
            objectGuid: who.guid,
            ...auditScope(scope),
            changes: { vendors: { before: before.sort(), after: [...wanted].sort() } },
          });
        }
        return { client_user: who.guid, vendors: await vendorsOf(tx, kind, who.id) };
      });
    },
  };
}
