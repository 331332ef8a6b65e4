import { type ApprovalStep, nextStep, planApprovals } from '@bp/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import {
  type BillEventActor,
  billList,
  changeBill,
  lockBillById,
  recordBillEvent,
} from '../bill-core/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
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
  // The bill locked first (only its row: the entity and vendor are read, not locked), then what routing
  // needs of its entity and vendor.
  const bill = await lockBillById(tx, billId);
  if (!bill) throw new Error(`planBill: no bill ${billId}`);
  const [row] = await tx
    .select({
      entity: {
        clientPreApprovalRequired: entityList.clientPreApprovalRequired,
        clientPreApprovalThreshold: entityList.clientPreApprovalThreshold,
        allowablePaymentThreshold: entityList.allowablePaymentThreshold,
        enableMultipleApprovers: entityList.enableMultipleApprovers,
        multipleApproverThreshold: entityList.multipleApproverThreshold,
      },
      vendorName: vendorList.name,
    })
    .from(entityList)
    .innerJoin(vendorList, eq(vendorList.id, bill.vendorId))
    .where(eq(entityList.id, bill.entityId));
  if (!row) throw new Error(`planBill: no entity or vendor of bill ${billId}`);
  const { entity } = row;

  // A vendor is new to the entity until one of its bills for that entity has been paid.
  const [paid] = await tx
    .select({ id: billList.id })
    .from(billList)
    .where(
      and(
        eq(billList.vendorId, bill.vendorId),
        eq(billList.entityId, bill.entityId),
        eq(billList.status, 'paid'),
        ne(billList.id, bill.id),
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

  await changeBill(
    tx,
    bill.id,
    {
      plan,
      round,
      status,
      vendorIsNewToEntity: vendorIsNew,
      sanctionsMatch: match !== null,
      sanctionsEntryId: match?.entryId ?? null,
    },
    new Date(),
  );

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
