import { and, eq } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { lockVendorsById, setVendorActive, setVendorsParent } from '../entities/index.ts';
import { conflict, notFound } from './errors.ts';
import { recordVendorEvent } from './history.ts';
import { findMasterVendor, presentMasterVendorDetail } from './master-vendors.ts';
import { parentVendors } from './tables.ts';

type Ctx = ServiceContext<OrganizationScope>;

/**
 * What the vendor master changes on a client's vendor: which parent vendor it belongs to, and whether it
 * is active. Its own fields stay with the client's entity screens (entities' routes, which call this
 * module's hook for history, screening and the payment hold).
 */
export async function patchMasterVendor(
  db: Db,
  ctx: Ctx,
  guid: string,
  input: { parent_vendor?: string | null | undefined; is_active?: boolean | undefined },
) {
  return db.transaction(async (tx) => {
    const found = await findMasterVendor(tx, ctx.scope.id, guid);
    const [row] = await lockVendorsById(tx, [found.vendor.id]);
    if (!row) throw notFound();
    const subject = { organizationId: ctx.scope.id, vendorId: row.id };
    if (input.parent_vendor !== undefined) {
      let parentId: number | null = null;
      if (input.parent_vendor !== null) {
        const [parent] = await tx
          .select()
          .from(parentVendors)
          .where(
            and(eq(parentVendors.guid, input.parent_vendor), eq(parentVendors.organizationId, ctx.scope.id)),
          );
        if (!parent?.isActive) {
          throw new ValidationError({
            parent_vendor: ['Choose an active parent vendor of this organisation.'],
          });
        }
        parentId = parent.id;
      }
      if (parentId !== row.parentVendorId) {
        await setVendorsParent(tx, [row.id], parentId, ctx.now);
        await recordVendorEvent(tx, {
          ...subject,
          kind: 'updated',
          userId: ctx.userId,
          at: ctx.now,
          details: { fields: ['parent_vendor'], parent_vendor: input.parent_vendor },
        });
        await recordAudit(tx, ctx.actor, {
          action: 'vendor_updated',
          objectType: 'vendor',
          objectGuid: row.guid,
          organizationId: ctx.scope.id,
          changes: { parent_vendor: { before: found.parentGuid, after: input.parent_vendor } },
        });
      }
    }
    if (input.is_active !== undefined && input.is_active !== row.isActive) {
      if (input.is_active && row.mergedIntoId !== null) {
        throw conflict(
          `${row.name} was merged into another vendor; it cannot be reactivated.`,
          'vendor_merged',
        );
      }
      await setVendorActive(tx, row.id, input.is_active, ctx.now);
      await recordVendorEvent(tx, {
        ...subject,
        kind: input.is_active ? 'reactivated' : 'deactivated',
        userId: ctx.userId,
        at: ctx.now,
      });
      await recordAudit(tx, ctx.actor, {
        action: input.is_active ? 'vendor_reactivated' : 'vendor_deactivated',
        objectType: 'vendor',
        objectGuid: row.guid,
        organizationId: ctx.scope.id,
        changes: { is_active: { before: row.isActive, after: input.is_active } },
      });
    }
    return presentMasterVendorDetail(tx, ctx.scope.id, guid);
  });
}
