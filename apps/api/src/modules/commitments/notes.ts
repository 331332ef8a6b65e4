import type { CommitmentNote, PageQuery } from '@bp/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { noteOf, personColumns } from '../bill-core/index.ts';
import { users } from '../users/tables.ts';
import { findCommitment } from './commitment-visibility.ts';
import { commitmentNotes } from './tables.ts';

function selectNotes(db: DbOrTx) {
  return db
    .select({ note: commitmentNotes, user: personColumns })
    .from(commitmentNotes)
    .leftJoin(users, eq(users.id, commitmentNotes.userId));
}

/** Staff notes on a commitment, newest first. */
export async function listNotes(db: DbOrTx, scope: ClientScope, commitmentId: number, query: PageQuery) {
  const { commitment } = await findCommitment(db, scope, commitmentId);
  const where = eq(commitmentNotes.commitmentId, commitment.id);
  const { limit, offset } = pageWindow(query);
  const [total] = await db.select({ n: count() }).from(commitmentNotes).where(where);
  const rows = await selectNotes(db)
    .where(where)
    .orderBy(desc(commitmentNotes.createdAt), desc(commitmentNotes.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(noteOf) };
}

/** Adds a note, with its audit record, in one transaction. */
export async function addNote(
  db: Db,
  scope: ClientScope,
  actor: AuditActor,
  commitmentId: number,
  body: string,
  now: Date,
): Promise<CommitmentNote> {
  const id = await db.transaction(async (tx) => {
    const { commitment } = await findCommitment(tx, scope, commitmentId);
    const [note] = await tx
      .insert(commitmentNotes)
      .values({ commitmentId: commitment.id, userId: actor.actorUserId, body, createdAt: now })
      .returning();
    if (!note) throw new Error('note insert returned nothing');
    await recordAudit(tx, actor, {
      action: 'commitment_note_created',
      objectType: 'commitment',
      objectGuid: commitment.guid,
      organizationId: commitment.organizationId,
      clientId: commitment.clientId,
      changes: { note: { before: null, after: note.guid } },
    });
    return note.id;
  });
  const [row] = await selectNotes(db).where(eq(commitmentNotes.id, id));
  if (!row) throw new Error('note vanished');
  return noteOf(row);
}
