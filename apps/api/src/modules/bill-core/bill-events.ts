import type { BillEvent, BillStatus } from '@bp/domain';
import type { AuditActor } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { billEvents } from './tables.ts';

/** Who a bill event is by: the acting user and, in a mask session, the staff member behind it. */
export type BillEventActor = Pick<AuditActor, 'actorUserId' | 'maskedByUserId'>;

/**
 * Adds one entry to a bill's timeline. Call it inside the write's transaction, so the event lands with
 * the change it describes or not at all.
 */
export async function recordBillEvent(
  tx: DbOrTx,
  billId: number,
  actor: BillEventActor,
  kind: BillEvent,
  details: {
    from?: BillStatus | null;
    to?: BillStatus | null;
    data?: Record<string, unknown>;
    at?: Date;
  } = {},
): Promise<void> {
  await tx.insert(billEvents).values({
    billId,
    kind,
    userId: actor.actorUserId,
    maskedByUserId: actor.maskedByUserId,
    fromStatus: details.from ?? null,
    toStatus: details.to ?? null,
    data: details.data ?? {},
    ...(details.at ? { createdAt: details.at } : {}),
  });
}
