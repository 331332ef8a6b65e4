import type { BillEventItem, BillNote, PageQuery } from '@bp/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { findVisibleBill, noteOf, personColumns, personOf } from '../bill-core/index.ts';
import { billEvents, billNotes } from '../bill-core/tables.ts';
import { users } from '../users/tables.ts';

/** A bill's timeline (oldest first) and its staff notes (oldest first, like a thread). */
export function createBillHistoryService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  async function noteByGuid(tx: DbOrTx, guid: string): Promise<BillNote> {
    const [row] = await tx
      .select({ note: billNotes, user: personColumns })
      .from(billNotes)
      .leftJoin(users, eq(users.id, billNotes.userId))
      .where(eq(billNotes.guid, guid));
    if (!row) throw new Error('note vanished');
    return noteOf(row);
  }

  return {
    async events(scope: ClientScope, billGuid: string, query: PageQuery) {
      const bill = await findVisibleBill(db, scope, billGuid);
      const where = eq(billEvents.billId, bill.id);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(billEvents).where(where);
      const rows = await db
        .select({ event: billEvents, user: personColumns })
        .from(billEvents)
        .leftJoin(users, eq(users.id, billEvents.userId))
        .where(where)
        .orderBy(asc(billEvents.createdAt), asc(billEvents.id))
        .limit(limit)
        .offset(offset);
      const results = rows.map(
        ({ event, user }): BillEventItem => ({
          guid: event.guid,
          kind: event.kind,
          user: personOf(user),
          from_status: event.fromStatus,
          to_status: event.toStatus,
          data: event.data,
          created_on: event.createdAt.toISOString(),
        }),
      );
      return { count: total?.n ?? 0, results };
    },

    async notes(scope: ClientScope, billGuid: string, query: PageQuery) {
      const bill = await findVisibleBill(db, scope, billGuid);
      const where = eq(billNotes.billId, bill.id);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(billNotes).where(where);
      const rows = await db
        .select({ note: billNotes, user: personColumns })
        .from(billNotes)
        .leftJoin(users, eq(users.id, billNotes.userId))
        .where(where)
        .orderBy(asc(billNotes.createdAt), asc(billNotes.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(noteOf) };
    },

    async addNote(scope: ClientScope, actor: AuditActor, billGuid: string, body: string): Promise<BillNote> {
      return db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, scope, billGuid);
        const at = now();
        const [row] = await tx
          .insert(billNotes)
          .values({ billId: bill.id, userId: actor.actorUserId, body, createdAt: at, updatedAt: at })
          .returning({ guid: billNotes.guid });
        if (!row) throw new Error('note insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'bill_note_created',
          objectType: 'bill_note',
          objectGuid: row.guid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
          changes: { bill: { before: null, after: bill.guid }, body: { before: null, after: body } },
        });
        return noteByGuid(tx, row.guid);
      });
    },
  };
}
