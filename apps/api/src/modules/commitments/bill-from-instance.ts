import {
  type Bill,
  type CommitmentBillTemplate,
  type CreateBillFromInstanceRequest,
  createBillRequest,
} from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ValidationError } from '../../platform/domain-errors.ts';
import { billById } from '../bill-core/index.ts';
import { createBillInTx, presentBill } from '../bills/index.ts';
import { type CommitmentView, toCommitment } from './commitment-presenter.ts';
import { findCommitment, lockCommitment } from './commitment-visibility.ts';
import { conflict, notFound } from './errors.ts';
import { type InstanceWithBill, instancesWithBills, toInstance } from './instance-reads.ts';
import { commitmentInstances } from './tables.ts';

/** A late instance may still get its bill; past this many days it is missed and no longer offered. */
const TEMPLATE_LOOKBACK_DAYS = 30;

const waitsForBill = (row: InstanceWithBill) =>
  row.instance.skippedAt === null && (row.bill === null || row.bill.status === 'rejected');

const daysBefore = (today: string, days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** The bill a commitment's instance prefills: createBillRequest-shaped, one line for the whole amount. */
function templateOf(view: CommitmentView, row: InstanceWithBill, today: string): CommitmentBillTemplate {
  const commitment = toCommitment(view, today);
  const amount = row.instance.expectedAmount ?? 0;
  return {
    commitment,
    instance: toInstance(row, commitment.autopay, today),
    bill: {
      entity: commitment.entity.guid,
      vendor: commitment.vendor.guid,
      amount,
      due_date: row.instance.dueDate,
      payment_method: commitment.payment_method,
      // A recurring obligation is usually paid without an invoice; the form may say otherwise.
      invoice_source: 'no_invoice',
      lines: [
        {
          account: commitment.account?.guid ?? null,
          division: commitment.division?.guid ?? null,
          memo: commitment.memo,
          amount,
        },
      ],
      commitment_id: commitment.id,
      instance: row.instance.guid,
    },
  };
}

/** Zod issues of the merged bill as `{field: [messages]}` (first path segment). */
function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** Bills from commitments: the prefill of an instance's bill, and entering it. */
export function createCommitmentBillService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  async function instanceRow(tx: DbOrTx, commitmentId: number, instanceGuid: string) {
    const rows = await instancesWithBills(tx, [commitmentId]);
    const row = rows.find((r) => r.instance.guid === instanceGuid);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * generate-template: the prefill of `instanceGuid`, or of the first instance waiting for a bill
     * (not skipped, no live bill) due at most 30 days ago. 409 when none waits.
     */
    async template(
      scope: ClientScope,
      commitmentId: number,
      instanceGuid: string | undefined,
      today: string,
    ): Promise<CommitmentBillTemplate> {
      const view = await findCommitment(db, scope, commitmentId);
      if (instanceGuid) return templateOf(view, await instanceRow(db, commitmentId, instanceGuid), today);
      const from = daysBefore(today, TEMPLATE_LOOKBACK_DAYS);
      const next = (await instancesWithBills(db, [commitmentId])).find(
        (r) => waitsForBill(r) && r.instance.dueDate >= from,
      );
      if (!next) throw conflict('No instance of this commitment is waiting for a bill.');
      return templateOf(view, next, today);
    },

    /**
     * Enters the instance's bill through the bills service, in one transaction with linking it: the
     * bill carries commitment_id and the instance's expected amount, so planBill skips the client step
     * (not_needed, bill_auto_approved) when the amount is within the entity's
     * allowable_payment_threshold, and routes it normally otherwise. Missing fields come from the template.
     */
    async createBill(
      scope: ClientScope,
      viewer: { scope: ClientScope; userId: number },
      actor: AuditActor,
      commitmentId: number,
      instanceGuid: string,
      input: CreateBillFromInstanceRequest,
      today: string,
    ): Promise<Bill> {
      const billRow = await db.transaction(async (tx) => {
        const commitment = await lockCommitment(tx, scope, commitmentId);
        if (commitment.archivedAt) throw conflict('This commitment is archived. Unarchive it first.');
        if (commitment.autopay)
          throw conflict("This commitment is paid by the vendor's autopay: its instances need no bill.");
        const [locked] = await tx
          .select()
          .from(commitmentInstances)
          .where(
            and(
              eq(commitmentInstances.guid, instanceGuid),
              eq(commitmentInstances.commitmentId, commitment.id),
            ),
          )
          .for('update');
        if (!locked) throw notFound();
        const row = await instanceRow(tx, commitment.id, instanceGuid);
        if (row.instance.skippedAt) throw conflict('This instance was skipped.');
        if (row.bill && row.bill.status !== 'rejected') throw conflict('This instance already has a bill.');

        const template = templateOf(await findCommitment(tx, scope, commitment.id), row, today).bill;
        const amount = input.amount ?? template.amount;
        const lines = input.lines ?? template.lines.map((line) => ({ ...line, amount }));
        if (lines.some((line) => line.account === null)) {
          throw new ValidationError({ lines: ['Choose an account for each line.'] });
        }
        const parsed = createBillRequest.safeParse({
          entity: template.entity,
          vendor: template.vendor,
          amount,
          due_date: input.due_date ?? template.due_date,
          payment_method: input.payment_method ?? template.payment_method,
          invoice_source: input.invoice_source ?? template.invoice_source,
          ...(input.invoice_number !== undefined ? { invoice_number: input.invoice_number } : {}),
          ...(input.invoice_date !== undefined ? { invoice_date: input.invoice_date } : {}),
          ...(input.under_power_of_attorney !== undefined
            ? { under_power_of_attorney: input.under_power_of_attorney }
            : {}),
          ...(input.draft !== undefined ? { draft: input.draft } : {}),
          lines: lines.map((l) => ({
            account: l.account,
            division: l.division ?? null,
            memo: l.memo ?? '',
            amount: l.amount,
          })),
        });
        if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues));

        const bill = await createBillInTx(
          tx,
          { id: scope.id, organizationId: scope.organizationId },
          actor,
          parsed.data,
          {
            createdAt: now(),
            commitment: { id: commitment.id, expectedAmount: row.instance.expectedAmount },
          },
        );
        await tx
          .update(commitmentInstances)
          .set({ billId: bill.id })
          .where(eq(commitmentInstances.id, row.instance.id));
        await recordAudit(tx, actor, {
          action: 'commitment_instance_billed',
          objectType: 'commitment_instance',
          objectGuid: row.instance.guid,
          organizationId: commitment.organizationId,
          clientId: commitment.clientId,
          changes: { bill: { before: row.bill?.guid ?? null, after: bill.guid } },
        });
        const fresh = await billById(tx, bill.id);
        return fresh ?? bill;
      });
      return presentBill(db, billRow, viewer);
    },
  };
}
