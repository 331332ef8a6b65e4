import { type ApprovalStep, nextStep, planApprovals } from '@bp/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { type BillEventActor, recordBillEvent } from '../bill-core/index.ts';
import { bills } from '../bill-core/tables.ts';
import { entities, vendors } from '../entities/tables.ts';
import { screenPayee } from '../sanctions/index.ts';
import { syncBillTasks } from '../tasks/index.ts';

/**
 * Makes (or remakes) a bill's approval plan (DESIGN §6, decision 008) inside the caller's transaction:
 * fixes the routing facts (vendor new to the entity, sanctions match), stores the plan, starts a new
 * round unless the bill was never planned (so approvals of an earlier plan no longer count), moves the
 * bill to the status of its first waiting step, records the timeline, syncs its tasks and bumps the
 * version. Used when a bill is entered, edited, and when a draft is submitted (bill-workflow).
 * `at` backdates the events (the demo seed); otherwise they take the database's clock.
 */
export async function planBill(
  tx: DbOrTx,
  billId: number,
  actor: BillEventActor,
  options: { at?: Date | undefined } = {},
): Promise<void> {
  const at = options.at ? { at: options.at } : {};
  const [row] = await tx
    .select({ bill: bills, entity: entities, vendorName: vendors.name })
    .from(bills)
    .innerJoin(entities, eq(entities.id, bills.entityId))
    .innerJoin(vendors, eq(vendors.id, bills.vendorId))
    .where(eq(bills.id, billId))
    .for('update', { of: bills });
  if (!row) throw new Error(`planBill: no bill ${billId}`);
  const { bill, entity } = row;

  // A vendor is new to the entity until one of its bills for that entity has been paid.
  const [paid] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(
      and(
        eq(bills.vendorId, bill.vendorId),
        eq(bills.entityId, bill.entityId),
        eq(bills.status, 'paid'),
        ne(bills.id, bill.id),
      ),
    )
    .limit(1);
  const vendorIsNew = !paid;
  const match = await screenPayee(tx, row.vendorName);
  const fromCommitment =
    bill.commitmentId !== null && bill.expectedAmount !== null
      ? { expected_amount_cents: bill.expectedAmount }
      : null;

  const plan: ApprovalStep[] = planApprovals(
    {
      amount_cents: bill.amount,
      payment_method: bill.paymentMethod,
      created_by: bill.createdByUserId === null ? '' : String(bill.createdByUserId),
      from_commitment: fromCommitment,
      vendor_is_new_to_entity: vendorIsNew,
      under_power_of_attorney: bill.underPowerOfAttorney,
      sanctions_match: match !== null,
    },
    {
      client_pre_approval_required: entity.clientPreApprovalRequired,
      client_pre_approval_threshold: entity.clientPreApprovalThreshold,
      allowable_payment_threshold: entity.allowablePaymentThreshold,
      enable_multiple_approvers: entity.enableMultipleApprovers,
      multiple_approver_threshold: entity.multipleApproverThreshold,
    },
  );
  // A new plan starts with no approvals: skipped (auto-approved) steps are already satisfied.
  const status = nextStep(plan, [])?.status ?? 'paid';
  const round = bill.plan.length === 0 ? bill.round : bill.round + 1;

  await tx
    .update(bills)
    .set({
      plan,
      round,
      status,
      vendorIsNewToEntity: vendorIsNew,
      sanctionsMatch: match !== null,
      sanctionsEntryId: match?.entryId ?? null,
      version: sql`${bills.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(bills.id, bill.id));

  const client = plan.find((s) => s.kind === 'client_approval');
  if (client?.skipped) {
    await recordBillEvent(tx, bill.id, actor, 'bill_auto_approved', {
      from: bill.status,
      to: status,
      data: { step: 'client_approval', reason: client.reason },
      ...at,
    });
  }
  await recordBillEvent(tx, bill.id, actor, 'bill_workflow_changed', {
    from: bill.status,
    to: status,
    data: { action: 'planned', round, steps: plan.map((s) => s.kind) },
    ...at,
  });
  await syncBillTasks(tx, bill.id);
}
