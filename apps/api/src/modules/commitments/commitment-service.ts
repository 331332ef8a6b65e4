import {
  type Commitment,
  type CommitmentScheduleValues,
  type CreateCommitmentRequest,
  commitmentScheduleIssues,
  type PatchCommitmentRequest,
} from '@bp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { type CommitmentRow, type CommitmentView, toCommitment } from './commitment-presenter.ts';
import { type FieldErrors, resolveReferences } from './commitment-references.ts';
import { findCommitment, lockCommitment } from './commitment-visibility.ts';
import { conflict } from './errors.ts';
import { generateForCommitment, resyncInstances } from './instance-generation.ts';
import { commitments } from './tables.ts';

export const STALE_COMMITMENT = 'This commitment was changed by someone else. Reload it and try again.';

/** The values a commitment is made of, in API names (create, a PATCH merged over the row, from-bill). */
export type CommitmentValues = Required<Omit<CreateCommitmentRequest, 'memo' | 'expected_amount'>> & {
  memo: string;
  expected_amount: number | null;
};

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Request → complete values: defaults filled, fields the frequency does not use cleared. */
export function completeValues(input: CreateCommitmentRequest): CommitmentValues {
  const isVariable = input.is_variable ?? false;
  const frequency = input.frequency;
  return {
    entity: input.entity,
    vendor: input.vendor,
    category: input.category,
    frequency,
    expected_amount: isVariable ? null : (input.expected_amount ?? null),
    is_variable: isVariable,
    due_day: frequency === 'monthly' || frequency === 'yearly' ? (input.due_day ?? null) : null,
    due_month: frequency === 'yearly' ? (input.due_month ?? null) : null,
    start_date: input.start_date,
    end_date: input.end_date ?? null,
    payment_method: input.payment_method,
    account: input.account ?? null,
    division: input.division ?? null,
    memo: input.memo ?? '',
    autopay: input.autopay ?? false,
  };
}

/** The schedule rules (contracts' commitmentScheduleIssues) as a 400. */
function checkSchedule(values: CommitmentScheduleValues) {
  const issues = commitmentScheduleIssues(values);
  throwIfAny(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, [v]])));
}

/** A stored commitment in API names, for merging a PATCH and for the audit trail. */
function valuesOf(view: CommitmentView): CommitmentValues {
  const c = view.commitment;
  return {
    entity: view.entity.guid,
    vendor: view.vendor.guid,
    category: c.category,
    frequency: c.frequency,
    expected_amount: c.expectedAmount,
    is_variable: c.isVariable,
    due_day: c.dueDay,
    due_month: c.dueMonth,
    start_date: c.startDate,
    end_date: c.endDate,
    payment_method: c.paymentMethod,
    account: view.account?.guid ?? null,
    division: view.division?.guid ?? null,
    memo: c.memo,
    autopay: c.autopay,
  };
}

function columnsOf(values: CommitmentValues) {
  return {
    category: values.category,
    frequency: values.frequency,
    expectedAmount: values.expected_amount,
    isVariable: values.is_variable,
    dueDay: values.due_day,
    dueMonth: values.due_month,
    startDate: values.start_date,
    endDate: values.end_date,
    paymentMethod: values.payment_method,
    memo: values.memo,
    autopay: values.autopay,
  };
}

const audited = (values: CommitmentValues) => ({ ...values }) as Record<string, unknown>;

/**
 * Enters a commitment in `tx` with its audit record and its instances up to three months ahead.
 * References are checked in the same transaction. Also used by from-bill and the demo seed
 * (`audit: false`: demo data is nobody's action).
 */
export async function createCommitmentInTx(
  tx: DbOrTx,
  client: { id: number; organizationId: number },
  actor: AuditActor,
  values: CommitmentValues,
  options: { now: Date; today: string; audit?: boolean },
): Promise<CommitmentRow> {
  checkSchedule(values);
  const errors: FieldErrors = {};
  const refs = await resolveReferences(tx, client.id, values, errors);
  throwIfAny(errors);
  if (!refs) throw new Error('unreachable: references resolved without errors');
  const [row] = await tx
    .insert(commitments)
    .values({
      organizationId: client.organizationId,
      clientId: client.id,
      ...refs,
      ...columnsOf(values),
      createdByUserId: actor.actorUserId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  if (!row) throw new Error('commitment insert returned nothing');
  if (options.audit !== false)
    await recordAudit(tx, actor, {
      action: 'commitment_created',
      objectType: 'commitment',
      objectGuid: row.guid,
      organizationId: client.organizationId,
      clientId: client.id,
      changes: diffFields({}, audited(values)),
    });
  await generateForCommitment(tx, row, options.today);
  return row;
}

/** Commitments of a client: enter, read, edit, archive, unarchive, autopay. */
export function createCommitmentService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;
  const clientOf = (scope: ClientScope) => ({ id: scope.id, organizationId: scope.organizationId });
  const present = async (scope: ClientScope, id: number, today: string) =>
    toCommitment(await findCommitment(db, scope, id), today);

  /** A write on one locked commitment with a version check, an audit record and fresh instances. */
  async function change(
    scope: ClientScope,
    actor: AuditActor,
    id: number,
    today: string,
    version: number | undefined,
    apply: (
      tx: DbOrTx,
      row: CommitmentRow,
      view: CommitmentView,
    ) => Promise<{
      action: string;
      set: Partial<typeof commitments.$inferInsert>;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      resync?: boolean;
    } | null>,
  ): Promise<Commitment> {
    await db.transaction(async (tx) => {
      const row = await lockCommitment(tx, scope, id);
      if (version !== undefined && version !== row.version) throw conflict(STALE_COMMITMENT);
      const view = await findCommitment(tx, scope, id);
      const outcome = await apply(tx, row, view);
      if (!outcome) return;
      const changes = diffFields(outcome.before, outcome.after);
      if (Object.keys(changes).length === 0) return;
      const [updated] = await tx
        .update(commitments)
        .set({ ...outcome.set, version: sql`${commitments.version} + 1`, updatedAt: now() })
        .where(eq(commitments.id, row.id))
        .returning();
      await recordAudit(tx, actor, {
        action: outcome.action,
        objectType: 'commitment',
        objectGuid: row.guid,
        organizationId: row.organizationId,
        clientId: row.clientId,
        changes,
      });
      if (updated && outcome.resync) await resyncInstances(tx, updated, today);
    });
    return present(scope, id, today);
  }

  return {
    get: present,

    async create(
      scope: ClientScope,
      actor: AuditActor,
      input: CreateCommitmentRequest,
      today: string,
    ): Promise<Commitment> {
      const row = await db.transaction((tx) =>
        createCommitmentInTx(tx, clientOf(scope), actor, completeValues(input), { now: now(), today }),
      );
      return present(scope, row.id, today);
    },

    /**
     * Edits the commitment the editor saw at `version` (else 409). The result is checked like a new
     * one (schedule rules, references of its entity); future instances follow the new schedule.
     */
    patch(scope: ClientScope, actor: AuditActor, id: number, input: PatchCommitmentRequest, today: string) {
      const { version, ...fields } = input;
      return change(scope, actor, id, today, version, async (tx, row, view) => {
        const before = valuesOf(view);
        const merged = completeValues({ ...before, ...fields } as CreateCommitmentRequest);
        checkSchedule(merged);
        const errors: FieldErrors = {};
        const refs = await resolveReferences(tx, row.clientId, merged, errors);
        throwIfAny(errors);
        return {
          action: 'commitment_updated',
          set: { ...refs, ...columnsOf(merged) },
          before: audited(before),
          after: audited(merged),
          resync: true,
        };
      });
    },

    /** DELETE: archives (kept with its instances and bills; no more instances are generated). */
    archive(scope: ClientScope, actor: AuditActor, id: number, version: number | undefined, today: string) {
      return change(scope, actor, id, today, version, async (_tx, row) => {
        if (row.archivedAt) throw conflict('This commitment is already archived.');
        return {
          action: 'commitment_archived',
          set: { archivedAt: now() },
          before: { archived: false },
          after: { archived: true },
        };
      });
    },

    unarchive(scope: ClientScope, actor: AuditActor, id: number, version: number | undefined, today: string) {
      return change(scope, actor, id, today, version, async (_tx, row) => {
        if (!row.archivedAt) throw conflict('This commitment is not archived.');
        return {
          action: 'commitment_unarchived',
          set: { archivedAt: null },
          before: { archived: true },
          after: { archived: false },
          resync: true,
        };
      });
    },

    /**
     * create_autopay: the vendor's autopay pays it from now on (payment method Autopay). Its instances
     * are tracked (status autopay once due) and never get a bill, so never a staff payment task.
     */
    autopay(scope: ClientScope, actor: AuditActor, id: number, version: number | undefined, today: string) {
      return change(scope, actor, id, today, version, async (_tx, row) => {
        if (row.archivedAt) throw conflict('This commitment is archived. Unarchive it first.');
        return {
          action: 'commitment_autopay',
          set: { autopay: true, paymentMethod: 'auto' },
          before: { autopay: row.autopay, payment_method: row.paymentMethod },
          after: { autopay: true, payment_method: 'auto' },
        };
      });
    },
  };
}
