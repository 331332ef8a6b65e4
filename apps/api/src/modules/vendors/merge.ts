import type { MergeSummary } from '@bp/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { countBillsOfVendors, repointBillsToVendor } from '../bill-core/index.ts';
import { countCommitmentsOfVendors, repointCommitmentsToVendor } from '../commitments/index.ts';
import {
  lockVendorsById,
  lockVendorsOfParents,
  retireVendorInto,
  setVendorsParent,
  type VendorRow,
  vendorList,
} from '../entities/index.ts';
import { conflict, notFound, refused } from './errors.ts';
import { recordVendorEvent } from './history.ts';
import { findMasterVendor } from './master-vendors.ts';
import { findParentVendor, type ParentVendorRow } from './parent-vendors.ts';
import { parentVendors } from './tables.ts';

type Ctx = ServiceContext<OrganizationScope>;

const INTO_NOT_FOUND = 'Choose a parent vendor of this organisation to merge into.';

/**
 * Merges (decision 022). Each is one transaction that locks what it changes in id order (both parent
 * vendors, then their vendors), so two merges never deadlock and a bill entered meanwhile either
 * committed first (its vendor's KEY SHARE lock held the merge back, and the merge then moves it too) or
 * waits and lands on the survivor (bills/bill-references.ts follows `merged_into_id`).
 */

async function pairOfParents(db: DbOrTx, organizationId: number, guid: string, into: string) {
  const merged = await findParentVendor(db, organizationId, guid);
  if (into === guid) throw refused('invalid', 'merge_same', 'Choose another parent vendor to merge into.');
  const [survivor] = await db.select().from(parentVendors).where(eq(parentVendors.guid, into));
  // Another organisation's parent vendor is refused like a missing one: no existence leak.
  if (!survivor || survivor.organizationId !== organizationId) throw notFound(INTO_NOT_FOUND);
  return { merged, survivor };
}

function requireActive(row: { name: string; isActive: boolean }) {
  if (!row.isActive) throw conflict(`${row.name} is inactive (or merged already); reactivate it first.`);
}

/**
 * What a parent merge does to each vendor of the merged-away parent: one of the survivor's vendors in
 * the same entity absorbs it (its bills and commitments move there), otherwise it is re-linked.
 */
function planParentMerge(vendors: VendorRow[], merged: ParentVendorRow, survivor: ParentVendorRow) {
  const survivorsByEntity = new Map<number, VendorRow>();
  for (const v of vendors) {
    if (v.parentVendorId === survivor.id && v.isActive && !survivorsByEntity.has(v.entityId)) {
      survivorsByEntity.set(v.entityId, v);
    }
  }
  const moving = vendors.filter((v) => v.parentVendorId === merged.id);
  return moving.map((v) => {
    const target = v.isActive ? survivorsByEntity.get(v.entityId) : undefined;
    return { vendor: v, into: target ?? null };
  });
}

export function mergeService(db: Db) {
  async function previewParents(organizationId: number, guid: string, into: string): Promise<MergeSummary> {
    return db.transaction(async (tx) => {
      const { merged, survivor } = await pairOfParents(tx, organizationId, guid, into);
      // A plain read: the preview locks nothing.
      const vendors = (
        await tx
          .select({ id: vendorList.id })
          .from(vendorList)
          .where(eq(vendorList.parentVendorId, merged.id))
      ).map((v) => v.id);
      return {
        merged: { guid: merged.guid, name: merged.name },
        survivor: { guid: survivor.guid, name: survivor.name },
        vendors: vendors.length,
        bills: await countBillsOfVendors(tx, vendors),
        commitments: await countCommitmentsOfVendors(tx, vendors),
      };
    });
  }

  async function mergeParents(ctx: Ctx, guid: string, into: string): Promise<MergeSummary> {
    return db.transaction(async (tx) => {
      const pair = await pairOfParents(tx, ctx.scope.id, guid, into);
      // Both parent vendors locked in id order, then read again under the lock.
      const locked = await tx
        .select()
        .from(parentVendors)
        .where(inArray(parentVendors.id, [pair.merged.id, pair.survivor.id]))
        .orderBy(asc(parentVendors.id))
        .for('update');
      const merged = locked.find((p) => p.id === pair.merged.id);
      const survivor = locked.find((p) => p.id === pair.survivor.id);
      if (!merged || !survivor) throw notFound();
      requireActive(merged);
      requireActive(survivor);
      const vendors = await lockVendorsOfParents(tx, [merged.id, survivor.id]);
      const plan = planParentMerge(vendors, merged, survivor);
      let bills = 0;
      let commitments = 0;
      for (const step of plan) {
        if (step.into) {
          const moved = await foldVendor(tx, ctx, step.vendor, step.into);
          bills += moved.bills;
          commitments += moved.commitments;
        } else {
          bills += await countBillsOfVendors(tx, [step.vendor.id]);
          commitments += await countCommitmentsOfVendors(tx, [step.vendor.id]);
        }
      }
      // Every vendor of the merged-away parent, folded ones too, now belongs to the survivor.
      await setVendorsParent(
        tx,
        plan.map((step) => step.vendor.id),
        survivor.id,
        ctx.now,
      );
      await tx
        .update(parentVendors)
        .set({ isActive: false, mergedIntoId: survivor.id, updatedAt: ctx.now })
        .where(eq(parentVendors.id, merged.id));
      await tx
        .update(parentVendors)
        .set({ mergedIntoId: survivor.id, updatedAt: ctx.now })
        .where(eq(parentVendors.mergedIntoId, merged.id));
      const result: MergeSummary = {
        merged: { guid: merged.guid, name: merged.name },
        survivor: { guid: survivor.guid, name: survivor.name },
        vendors: plan.length,
        bills,
        commitments,
      };
      const details = { ...result };
      for (const parentVendorId of [merged.id, survivor.id]) {
        await recordVendorEvent(tx, {
          organizationId: ctx.scope.id,
          parentVendorId,
          kind: 'merged',
          userId: ctx.userId,
          at: ctx.now,
          details,
        });
      }
      await recordAudit(tx, ctx.actor, {
        action: 'parent_vendor_merged',
        objectType: 'parent_vendor',
        objectGuid: merged.guid,
        organizationId: ctx.scope.id,
        changes: {
          merged_into: { before: null, after: survivor.guid },
          vendors: { before: null, after: plan.length },
          bills: { before: null, after: bills },
          commitments: { before: null, after: commitments },
        },
      });
      return result;
    });
  }

  async function pairOfVendors(tx: DbOrTx, organizationId: number, guid: string, into: string) {
    const merged = await findMasterVendor(tx, organizationId, guid);
    if (into === guid) throw refused('invalid', 'merge_same', 'Choose another vendor to merge into.');
    const survivor = await findMasterVendor(tx, organizationId, into).catch(() => {
      throw notFound('Choose a vendor of this organisation to merge into.');
    });
    if (merged.vendor.entityId !== survivor.vendor.entityId) {
      throw refused(
        'unprocessable',
        'merge_across_entities',
        `${merged.vendor.name} (${merged.entityNickname}) and ${survivor.vendor.name} (${survivor.entityNickname}) are vendors of different entities; only vendors of one entity can be merged. Link both to one parent vendor instead.`,
      );
    }
    return { merged, survivor };
  }

  async function previewVendors(organizationId: number, guid: string, into: string): Promise<MergeSummary> {
    return db.transaction(async (tx) => {
      const { merged, survivor } = await pairOfVendors(tx, organizationId, guid, into);
      return {
        merged: { guid: merged.vendor.guid, name: merged.vendor.name },
        survivor: { guid: survivor.vendor.guid, name: survivor.vendor.name },
        vendors: 1,
        bills: await countBillsOfVendors(tx, [merged.vendor.id]),
        commitments: await countCommitmentsOfVendors(tx, [merged.vendor.id]),
      };
    });
  }

  async function mergeVendors(ctx: Ctx, guid: string, into: string): Promise<MergeSummary> {
    return db.transaction(async (tx) => {
      const pair = await pairOfVendors(tx, ctx.scope.id, guid, into);
      const locked = await lockVendorsById(tx, [pair.merged.vendor.id, pair.survivor.vendor.id]);
      const merged = locked.find((v) => v.id === pair.merged.vendor.id);
      const survivor = locked.find((v) => v.id === pair.survivor.vendor.id);
      if (!merged || !survivor) throw notFound();
      requireActive(merged);
      requireActive(survivor);
      const moved = await foldVendor(tx, ctx, merged, survivor);
      await recordAudit(tx, ctx.actor, {
        action: 'vendor_merged',
        objectType: 'vendor',
        objectGuid: merged.guid,
        organizationId: ctx.scope.id,
        changes: {
          merged_into: { before: null, after: survivor.guid },
          bills: { before: null, after: moved.bills },
          commitments: { before: null, after: moved.commitments },
        },
      });
      return {
        merged: { guid: merged.guid, name: merged.name },
        survivor: { guid: survivor.guid, name: survivor.name },
        vendors: 1,
        ...moved,
      };
    });
  }

  return { previewParents, mergeParents, previewVendors, mergeVendors };
}

/** `from`'s bills and commitments move to `into` (same entity, both locked), and `from` retires into it. */
async function foldVendor(tx: DbOrTx, ctx: Ctx, from: VendorRow, into: VendorRow) {
  const bills = await repointBillsToVendor(tx, from.id, into.id, ctx.now);
  const commitments = await repointCommitmentsToVendor(tx, from.id, into.id, ctx.now);
  await retireVendorInto(tx, from, into, ctx.now);
  const details = {
    merged: { guid: from.guid, name: from.name },
    survivor: { guid: into.guid, name: into.name },
    bills,
    commitments,
  };
  for (const vendorId of [from.id, into.id]) {
    await recordVendorEvent(tx, {
      organizationId: ctx.scope.id,
      vendorId,
      kind: 'merged',
      userId: ctx.userId,
      at: ctx.now,
      details,
    });
  }
  return { bills, commitments };
}
