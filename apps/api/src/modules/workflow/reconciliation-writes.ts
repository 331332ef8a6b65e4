import type { CreateReconciliationRequest, Reconciliation } from '@bp/contracts';
import { REVIEW_STEPS } from '@bp/contracts';
import { RECONCILIATION_STEP_VALUES, type ReconciliationStep, reconciliationStepIndex } from '@bp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { accountList, entityIdOf } from '../entities/index.ts';
import { conflict, forbidden, notFound } from './errors.ts';
import {
  findReconciliation,
  presentReconciliations,
  type ReconciliationRow,
} from './reconciliation-reads.ts';
import { staffMembershipOf } from './staff.ts';
import { reconciliationMoves, reconciliations } from './tables.ts';

const REVIEW = new Set<string>(REVIEW_STEPS);

async function present(db: DbOrTx, row: ReconciliationRow, today: string): Promise<Reconciliation> {
  const [one] = await presentReconciliations(db, [row], today);
  if (!one) throw new Error('reconciliation vanished');
  return one;
}

async function audit(tx: DbOrTx, actor: AuditActor, row: ReconciliationRow, action: string, changes = {}) {
  await recordAudit(tx, actor, {
    action,
    objectType: 'reconciliation',
    objectGuid: row.guid,
    organizationId: row.organizationId,
    clientId: row.clientId,
    changes,
  });
}

/**
 * Opens an account-period at Open, with its history row and audit record; 409 `reconciliation_exists`
 * when the account-period (or the entity's books for the period) already has one: the unique constraint
 * decides, so two people opening it at once get one reconciliation.
 */
export async function createReconciliation(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  body: CreateReconciliationRequest,
  today: string,
): Promise<Reconciliation> {
  const row = await db.transaction(async (tx) => {
    const entityId = await entityIdOf(tx, scope.id, body.entity);
    if (entityId === null) throw new ValidationError({ entity: ['Choose an entity of the client.'] });
    let accountId: number | null = null;
    if (body.account) {
      const [account] = await tx
        .select({ id: accountList.id })
        .from(accountList)
        .where(and(eq(accountList.guid, body.account), eq(accountList.entityId, entityId)));
      if (!account) throw new ValidationError({ account: ['Choose an account of the entity.'] });
      accountId = account.id;
    }
    const assignee = body.assignee
      ? await staffMembershipOf(tx, scope.organizationId, body.assignee, 'assignee')
      : null;
    const [created] = await tx
      .insert(reconciliations)
      .values({
        organizationId: scope.organizationId,
        clientId: scope.id,
        entityId,
        accountId,
        periodStart: body.period_start,
        periodEnd: body.period_end,
        dueDate: body.due_date,
        assigneeOrganizationUserId: assignee,
      })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw conflict('This account already has a reconciliation for the period.', 'reconciliation_exists');
    await tx.insert(reconciliationMoves).values({
      reconciliationId: created.id,
      fromStep: created.step,
      toStep: created.step,
      direction: 'created',
      userId: actor.actorUserId,
    });
    await audit(tx, actor, created, 'reconciliation_created');
    return created;
  });
  return present(db, row, today);
}

/**
 * Moves forward one step or back to an earlier one (with a reason), recording the move. The row is
 * locked for the move, so two people moving it at once cannot both move it from the same step.
 */
export async function moveReconciliation(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  guid: string,
  move: { to_step: ReconciliationStep; reason?: string },
  direction: 'forward' | 'back',
  today: string,
): Promise<Reconciliation> {
  const row = await db.transaction(async (tx) => {
    const found = await findReconciliation(tx, { clientId: scope.id }, guid);
    const [current] = await tx
      .select()
      .from(reconciliations)
      .where(eq(reconciliations.id, found.id))
      .for('update');
    if (!current) throw notFound('Reconciliation not found.');
    const from = reconciliationStepIndex(current.step);
    const to = reconciliationStepIndex(move.to_step);
    if (direction === 'forward' && to !== from + 1) {
      const next = RECONCILIATION_STEP_VALUES[from + 1];
      throw conflict(
        next ? `The next step is ${next}.` : 'The reconciliation is at its last step.',
        'not_next_step',
      );
    }
    if (direction === 'back' && to >= from) {
      throw conflict('Move back to a step before the current one.', 'not_earlier_step');
    }
    // Four eyes: whoever prepared the reconciliation may not pass it through a review.
    if (direction === 'forward' && REVIEW.has(current.step) && current.preparerUserId === actor.actorUserId) {
      throw forbidden('The preparer cannot review their own reconciliation.', 'preparer_cannot_review');
    }
    const preparer =
      direction === 'forward' && current.step === 'Reconcile'
        ? actor.actorUserId
        : direction === 'back' && to <= reconciliationStepIndex('Reconcile')
          ? null
          : current.preparerUserId;
    const [after] = await tx
      .update(reconciliations)
      .set({ step: move.to_step, preparerUserId: preparer })
      .where(eq(reconciliations.id, current.id))
      .returning();
    if (!after) throw new Error('reconciliation vanished');
    await tx.insert(reconciliationMoves).values({
      reconciliationId: current.id,
      fromStep: current.step,
      toStep: move.to_step,
      direction,
      reason: move.reason ?? null,
      userId: actor.actorUserId,
    });
    await audit(
      tx,
      actor,
      after,
      direction === 'forward' ? 'reconciliation_moved' : 'reconciliation_moved_back',
      {
        step: { before: current.step, after: move.to_step },
        ...(move.reason ? { reason: { before: null, after: move.reason } } : {}),
      },
    );
    return after;
  });
  return present(db, row, today);
}

/** Assigns reconciliations of the organisation to one staff member (or nobody), all or none. */
export async function bulkAssign(
  db: Db,
  organizationId: number,
  actor: AuditActor,
  body: { reconciliations: string[]; assignee: string | null },
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const guids = [...new Set(body.reconciliations)];
    const rows = await tx
      .select()
      .from(reconciliations)
      .where(and(eq(reconciliations.organizationId, organizationId), inArray(reconciliations.guid, guids)))
      .for('update');
    if (rows.length !== guids.length) throw notFound('Reconciliation not found.');
    const assignee = body.assignee
      ? await staffMembershipOf(tx, organizationId, body.assignee, 'assignee')
      : null;
    await tx
      .update(reconciliations)
      .set({ assigneeOrganizationUserId: assignee })
      .where(
        inArray(
          reconciliations.id,
          rows.map((r) => r.id),
        ),
      );
    // Each one's history in one statement; the audit records one by one, as the audit writer takes them.
    await tx.insert(reconciliationMoves).values(
      rows.map((row) => ({
        reconciliationId: row.id,
        fromStep: row.step,
        toStep: row.step,
        direction: 'assigned' as const,
        userId: actor.actorUserId,
      })),
    );
    for (const row of rows) {
      await audit(tx, actor, row, 'reconciliation_assigned', {
        assignee: { before: row.assigneeOrganizationUserId, after: assignee },
      });
    }
    return { updated: rows.length };
  });
}
