import type { VerificationRequest } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { lockVendorsById, markVendorVerified } from '../entities/index.ts';
import { conflict, forbidden, notFound, refused } from './errors.ts';
import { recordVendorEvent } from './history.ts';
import { findMasterVendor, presentMasterVendorDetail } from './master-vendors.ts';
import { findParentVendor, presentParentVendor } from './parent-vendors.ts';
import { parentVendors } from './tables.ts';

type Ctx = ServiceContext<OrganizationScope>;

/**
 * Call-back verification (decision 022): after a change of payment details, a staff member other than
 * the one who made it calls the vendor on the number in the vendor master (never one from an invoice)
 * and records whom they spoke to and the outcome. `verified` lifts the payment hold; `failed` keeps it.
 */
function check(
  ctx: Ctx,
  row: { name: string; verificationStatus: string; detailsChangedByUserId: number | null },
  phone: string | null,
) {
  if (row.verificationStatus !== 'verification_required') {
    throw conflict(
      `No change of ${row.name}'s payment details waits for a verification.`,
      'no_verification_pending',
    );
  }
  const me = [ctx.userId, ctx.actor.maskedByUserId];
  if (row.detailsChangedByUserId !== null && me.includes(row.detailsChangedByUserId)) {
    throw forbidden(
      'You changed these payment details; another staff member must make the call-back and record it.',
      'verification_by_author',
    );
  }
  if (!phone) {
    throw refused(
      'unprocessable',
      'no_callback_number',
      `The vendor master has no phone number for ${row.name}. Add the number on record before verifying: a call-back never uses a number from an invoice.`,
    );
  }
  return phone;
}

async function record(
  tx: DbOrTx,
  ctx: Ctx,
  subject: { parentVendorId?: number; vendorId?: number; guid: string; objectType: string },
  input: VerificationRequest,
  phone: string,
) {
  const details = {
    called_person: input.called_person,
    phone_number: phone,
    outcome: input.outcome,
    notes: input.notes ?? null,
  };
  await recordVendorEvent(tx, {
    organizationId: ctx.scope.id,
    ...(subject.parentVendorId ? { parentVendorId: subject.parentVendorId } : {}),
    ...(subject.vendorId ? { vendorId: subject.vendorId } : {}),
    kind: 'verification_recorded',
    userId: ctx.userId,
    at: ctx.now,
    details,
  });
  await recordAudit(tx, ctx.actor, {
    action: 'vendor_verification_recorded',
    objectType: subject.objectType,
    objectGuid: subject.guid,
    organizationId: ctx.scope.id,
    changes: {
      outcome: { before: null, after: input.outcome },
      phone_number: { before: null, after: phone },
    },
  });
}

export function verificationService(db: Db) {
  return {
    async verifyParent(ctx: Ctx, guid: string, input: VerificationRequest) {
      return db.transaction(async (tx) => {
        const row = await findParentVendor(tx, ctx.scope.id, guid, true);
        const phone = check(ctx, row, row.primaryPhone);
        await record(
          tx,
          ctx,
          { parentVendorId: row.id, guid: row.guid, objectType: 'parent_vendor' },
          input,
          phone,
        );
        if (input.outcome === 'verified') {
          await tx
            .update(parentVendors)
            .set({ verificationStatus: 'verified', updatedAt: ctx.now })
            .where(eq(parentVendors.id, row.id));
        }
        const [fresh] = await tx.select().from(parentVendors).where(eq(parentVendors.id, row.id));
        return presentParentVendor(tx, fresh ?? row);
      });
    },

    async verifyVendor(ctx: Ctx, guid: string, input: VerificationRequest) {
      return db.transaction(async (tx) => {
        const found = await findMasterVendor(tx, ctx.scope.id, guid);
        const [row] = await lockVendorsById(tx, [found.vendor.id]);
        if (!row) throw notFound();
        let phone = row.primaryPhone;
        if (row.parentVendorId !== null) {
          const [parent] = await tx
            .select({ phone: parentVendors.primaryPhone })
            .from(parentVendors)
            .where(eq(parentVendors.id, row.parentVendorId));
          phone = parent?.phone ?? phone;
        }
        const number = check(ctx, row, phone);
        await record(tx, ctx, { vendorId: row.id, guid: row.guid, objectType: 'vendor' }, input, number);
        if (input.outcome === 'verified') await markVendorVerified(tx, row.id, ctx.now);
        return presentMasterVendorDetail(tx, ctx.scope.id, guid);
      });
    },
  };
}
