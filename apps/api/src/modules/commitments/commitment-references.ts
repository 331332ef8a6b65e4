import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { accountList, divisionList, entityList, lockPayeeVendor } from '../entities/index.ts';

/** Field → messages, so one 400 names every problem at once. */
export type FieldErrors = Record<string, string[]>;
const add = (errors: FieldErrors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

export interface ReferenceGuids {
  entity: string;
  vendor: string;
  account: string | null;
  division: string | null;
}

export interface ResolvedReferences {
  entityId: number;
  vendorId: number;
  accountId: number | null;
  divisionId: number | null;
}

/**
 * The commitment's references, checked inside the write's transaction: an entity of the client that
 * is not archived; an active vendor, an active account that bills may use (assignable), and a
 * division, each of that entity. Problems go to `errors`; null when any was found.
 */
export async function resolveReferences(
  tx: DbOrTx,
  clientId: number,
  guids: ReferenceGuids,
  errors: FieldErrors,
): Promise<ResolvedReferences | null> {
  const [entity] = await tx
    .select()
    .from(entityList)
    .where(and(eq(entityList.guid, guids.entity), eq(entityList.clientId, clientId)));
  if (!entity) {
    add(errors, 'entity', 'Choose an entity of this client.');
    return null;
  }
  if (entity.archivedAt) add(errors, 'entity', 'This entity is archived.');
  // Locked against a concurrent merge; a vendor merged away gives its survivor (decision 022).
  const vendor = await lockPayeeVendor(tx, entity.id, guids.vendor);
  if (!vendor) add(errors, 'vendor', 'Choose a vendor of this entity.');
  else if (!vendor.isActive) add(errors, 'vendor', `The vendor "${vendor.name}" is inactive.`);
  let accountId: number | null = null;
  if (guids.account) {
    const [account] = await tx
      .select()
      .from(accountList)
      .where(and(eq(accountList.guid, guids.account), eq(accountList.entityId, entity.id)));
    if (!account) add(errors, 'account', 'Choose an account of this entity.');
    else if (!account.isActive) add(errors, 'account', `The account "${account.name}" is inactive.`);
    else if (!account.assignableToBill)
      add(errors, 'account', `The account "${account.name}" cannot be assigned to bills.`);
    else accountId = account.id;
  }
  let divisionId: number | null = null;
  if (guids.division) {
    const [division] = await tx
      .select()
      .from(divisionList)
      .where(and(eq(divisionList.guid, guids.division), eq(divisionList.entityId, entity.id)));
    if (!division) add(errors, 'division', 'Choose a division of this entity.');
    else divisionId = division.id;
  }
  if (Object.keys(errors).length > 0 || !vendor) return null;
  return { entityId: entity.id, vendorId: vendor.id, accountId, divisionId };
}
