import type { CommitmentInstance } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import { lockCommitment } from './commitment-visibility.ts';
import { conflict, notFound } from './errors.ts';
import { instancesWithBills, toInstance } from './instance-reads.ts';
import { commitmentInstances } from './tables.ts';

/** Skips an instance (not owed this time) or takes the skip back, with its audit record. */
export async function setInstanceSkipped(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  commitmentId: number,
  instanceGuid: string,
  skipped: boolean,
  at: { now: Date; today: string },
): Promise<CommitmentInstance> {
  return db.transaction(async (tx) => {
    const commitment = await lockCommitment(tx, scope, commitmentId);
    const rows = await instancesWithBills(tx, [commitment.id]);
    const row = rows.find((r) => r.instance.guid === instanceGuid);
    if (!row) throw notFound();
    if (skipped && row.bill && row.bill.status !== 'rejected')
      throw conflict('This instance has a bill. Reject or delete the bill to skip it.');
    const wasSkipped = row.instance.skippedAt !== null;
    if (wasSkipped !== skipped) {
      const skippedAt = skipped ? at.now : null;
      await tx
        .update(commitmentInstances)
        .set({ skippedAt })
        .where(and(eq(commitmentInstances.id, row.instance.id)));
      row.instance.skippedAt = skippedAt;
      await recordAudit(tx, actor, {
        action: skipped ? 'commitment_instance_skipped' : 'commitment_instance_unskipped',
        objectType: 'commitment_instance',
        objectGuid: row.instance.guid,
        organizationId: commitment.organizationId,
        clientId: commitment.clientId,
        changes: { skipped: { before: wasSkipped, after: skipped } },
      });
    }
    return toInstance(row, commitment.autopay, at.today);
  });
}
