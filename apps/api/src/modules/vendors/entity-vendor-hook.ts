import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import {
  requireVendorVerification,
  type Tenant,
  VENDOR_PAYMENT_DETAIL_FIELDS,
  type VendorRow,
  type VendorWriteHook,
} from '../entities/index.ts';
import { recordVendorEvent } from './history.ts';
import { screenVendorName } from './screening.ts';
import { parentVendors } from './tables.ts';

/** API names of the payment-detail columns, as the history shows them. */
export const FIELD_NAMES: Record<(typeof VENDOR_PAYMENT_DETAIL_FIELDS)[number], string> = {
  addr1: 'addr1',
  addr2: 'addr2',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  country: 'country',
  primaryPhone: 'primary_phone',
};

/**
 * Which payment details changed from a value they had (decision 022). Filling in a blank is not a
 * change of where money goes; replacing a value is, and so is clearing one.
 */
export function changedPaymentDetails<F extends string>(
  before: { [K in F]: unknown },
  after: { [K in F]: unknown },
  fields: readonly F[],
): F[] {
  return fields.filter((f) => before[f] !== null && before[f] !== '' && before[f] !== after[f]);
}

async function checkParent(tx: DbOrTx, organizationId: number, parentVendorId: number | null) {
  if (parentVendorId === null) return;
  const [parent] = await tx
    .select({ id: parentVendors.id, isActive: parentVendors.isActive })
    .from(parentVendors)
    .where(and(eq(parentVendors.id, parentVendorId), eq(parentVendors.organizationId, organizationId)));
  if (!parent?.isActive) {
    throw new ValidationError({ parent_vendor_id: ['Choose an active parent vendor of this organisation.'] });
  }
}

/**
 * The port entities' vendor writes call in their transaction (docs/architecture.md): a created or
 * renamed vendor is screened, a change of its payment details puts it on hold until a call-back, and
 * every change goes into its history.
 */
export function entityVendorHook(now: () => Date): VendorWriteHook {
  return {
    async created(tx: DbOrTx, tenant: Tenant, row: VendorRow) {
      await checkParent(tx, tenant.organizationId, row.parentVendorId);
      const at = now();
      const subject = { organizationId: tenant.organizationId, vendorId: row.id };
      const userId = tenant.actor.actorUserId;
      await recordVendorEvent(tx, { ...subject, kind: 'created', userId, at, details: { name: row.name } });
      await screenVendorName(tx, subject, row.name, userId, at);
    },

    async updated(tx: DbOrTx, tenant: Tenant, before: VendorRow, after: VendorRow) {
      const at = now();
      const userId = tenant.actor.actorUserId;
      const subject = { organizationId: tenant.organizationId, vendorId: after.id };
      if (before.parentVendorId !== after.parentVendorId) {
        await checkParent(tx, tenant.organizationId, after.parentVendorId);
      }
      if (before.isActive !== after.isActive) {
        await recordVendorEvent(tx, {
          ...subject,
          kind: after.isActive ? 'reactivated' : 'deactivated',
          userId,
          at,
        });
      }
      const payment = changedPaymentDetails(before, after, VENDOR_PAYMENT_DETAIL_FIELDS);
      if (payment.length > 0 && userId !== null) {
        await requireVendorVerification(tx, after.id, userId, at);
        await recordVendorEvent(tx, {
          ...subject,
          kind: 'payment_details_changed',
          userId,
          at,
          details: {
            fields: payment.map((f) => FIELD_NAMES[f]),
            before: Object.fromEntries(payment.map((f) => [FIELD_NAMES[f], before[f]])),
            after: Object.fromEntries(payment.map((f) => [FIELD_NAMES[f], after[f]])),
          },
        });
      }
      const others = (
        [
          'name',
          'email',
          'vendorType',
          'taxIdNumber',
          'parentVendorId',
          ...VENDOR_PAYMENT_DETAIL_FIELDS,
        ] as const
      ).filter((f) => before[f] !== after[f] && !payment.includes(f as never));
      if (others.length > 0) {
        await recordVendorEvent(tx, {
          ...subject,
          kind: 'updated',
          userId,
          at,
          // Names of the fields only: the tax id never enters the history.
          details: { fields: others },
        });
      }
      if (before.name !== after.name) await screenVendorName(tx, subject, after.name, userId, at);
    },
  };
}

/**
 * A vendor's bank account was written (payments module, decision 015). Replacing an account puts the
 * vendor on hold until a call-back; the first account is recorded without a hold.
 */
export async function recordBankAccountChange(
  tx: DbOrTx,
  change: {
    organizationId: number;
    vendorId: number;
    userId: number;
    replaced: boolean;
    routingNumber: string;
    accountLast4: string;
    at: Date;
  },
) {
  if (change.replaced) await requireVendorVerification(tx, change.vendorId, change.userId, change.at);
  await recordVendorEvent(tx, {
    organizationId: change.organizationId,
    vendorId: change.vendorId,
    kind: 'bank_account_changed',
    userId: change.userId,
    at: change.at,
    details: {
      routing_number: change.routingNumber,
      account_last4: change.accountLast4,
      verification_required: change.replaced,
    },
  });
}
