import type { BillEventItem, BillNote, PageQuery } from '@bp/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import {
  billEventColumns,
  billEventList,
  billNoteColumns,
  billNoteList,
  findVisibleBill,
  insertBillNote,
  noteOf,
  personColumns,
  personOf,
} from '../bill-core/index.ts';
import { userList } from '../users/index.ts';

/** A bill's timeline (oldest first) and its staff notes (oldest first, like a thread). */
export function createBillHistoryService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  async function noteByGuid(tx: DbOrTx, guid: string): Promise<BillNote> {
    const [row] = await tx
      .select({ note: billNoteColumns, user: personColumns })
      .from(billNoteList)
      .leftJoin(userList, eq(userList.id, billNoteList.userId))
      .where(eq(billNoteList.guid, guid));
    if (!row) throw new Error('note vanished');
    return noteOf(row);
  }

  return {
    async events(scope: ClientScope, billGuid: string, query: PageQuery) {
      const bill = await findVisibleBill(db, scope, billGuid);
      const where = eq(billEventList.billId, bill.id);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(billEventList).where(where);
      const rows = await db
        .select({ event: billEventColumns, user: personColumns })
        .from(billEventList)
        .leftJoin(userList, eq(userList.id, billEventList.userId))
        .where(where)
        .orderBy(asc(billEventList.createdAt), asc(billEventList.id))
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
      const where = eq(billNoteList.billId, bill.id);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(billNoteList).where(where);
      const rows = await db
        .select({ note: billNoteColumns, user: personColumns })
        .from(billNoteList)
        .leftJoin(userList, eq(userList.id, billNoteList.userId))
        .where(where)
        .orderBy(asc(billNoteList.createdAt), asc(billNoteList.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map(noteOf) };
    },

    async addNote(scope: ClientScope, actor: AuditActor, billGuid: string, body: string): Promise<BillNote> {
      return db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, scope, billGuid);
        const at = now();
        const row = await insertBillNote(tx, {
          billId: bill.id,
          userId: actor.actorUserId,
          body,
          createdAt: at,
          updatedAt: at,
        });
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
