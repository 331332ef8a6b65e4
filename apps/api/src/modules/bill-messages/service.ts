import type { CreateMessageRequest, Message } from '@bp/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { type PageWindow, pageWindow } from '../../platform/pagination.ts';
import { billList, clientUserBillConditions, findVisibleBill } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { enqueuePush } from '../notifications/index.ts';
import { userList } from '../users/index.ts';
import { notFound } from './errors.ts';
import { messageRecipients } from './recipients.ts';
import { sanitizeMessageHtml } from './sanitize.ts';
import { billMessageReceipts, billMessages } from './tables.ts';

/** The caller, as the message routes need it. */
export interface Reader {
  userId: number;
  /** Set while an internal staff member masks as the caller. */
  maskedByUserId: number | null;
  actor: AuditActor;
}

export interface MessageListQuery {
  page: number;
  page_size: number;
  unread?: 'true' | 'false' | undefined;
}

/** Who wrote a message. */
const author = userList;
/** The caller's own receipt of each message: what makes it unread for them. */
const mine = alias(billMessageReceipts, 'my_receipt');

type MessageRow = {
  guid: string;
  body: string;
  contentType: 'text' | 'html';
  createdAt: Date;
  billGuid: string;
  extBillId: string | null;
  clientGuid: string;
  readAt: Date | null;
  receiptId: number | null;
  authorGuid: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarKey: string | null;
};

function messageOf(row: MessageRow): Message {
  return {
    guid: row.guid,
    body: row.body,
    content_type: row.contentType,
    created_on: row.createdAt.toISOString(),
    unread: row.receiptId !== null && row.readAt === null,
    bill: { guid: row.billGuid, ext_bill_id: row.extBillId, client: row.clientGuid },
    from_user: row.authorGuid
      ? {
          guid: row.authorGuid,
          first_name: row.authorFirstName ?? '',
          last_name: row.authorLastName ?? '',
          avatar: row.authorAvatarKey ? `/v1/auth/users/${row.authorGuid}/avatar` : null,
        }
      : null,
  };
}

/** `?unread=true`: the caller's receipt is unread; `false`: it is not (read, or none). */
function unreadCondition(unread: MessageListQuery['unread']): SQL | undefined {
  if (unread === 'true') return and(isNotNull(mine.id), isNull(mine.readAt));
  if (unread === 'false') return or(isNull(mine.id), isNotNull(mine.readAt));
  return undefined;
}

/** One page of messages with their bill, author and the caller's receipt, plus the total. */
async function pageOfMessages(
  db: DbOrTx,
  readerId: number,
  where: SQL | undefined,
  order: 'oldest' | 'newest',
  window: PageWindow,
  receipts: 'any' | 'mine-only' = 'any',
): Promise<{ count: number; results: Message[] }> {
  const receiptJoin = and(eq(mine.messageId, billMessages.id), eq(mine.userId, readerId));
  const countQuery = db
    .select({ n: count() })
    .from(billMessages)
    .innerJoin(billList, eq(billList.id, billMessages.billId));
  const [total] = await (receipts === 'mine-only'
    ? countQuery.innerJoin(mine, receiptJoin)
    : countQuery.leftJoin(mine, receiptJoin)
  ).where(where);
  const columns = {
    guid: billMessages.guid,
    body: billMessages.body,
    contentType: billMessages.contentType,
    createdAt: billMessages.createdAt,
    billGuid: billList.guid,
    extBillId: billList.extBillId,
    clientGuid: clientList.guid,
    readAt: mine.readAt,
    receiptId: mine.id,
    authorGuid: author.guid,
    authorFirstName: author.firstName,
    authorLastName: author.lastName,
    authorAvatarKey: author.avatarKey,
  };
  const base = db
    .select(columns)
    .from(billMessages)
    .innerJoin(billList, eq(billList.id, billMessages.billId))
    .innerJoin(clientList, eq(clientList.id, billMessages.clientId))
    .leftJoin(author, eq(author.id, billMessages.fromUserId));
  const rows = await (receipts === 'mine-only'
    ? base.innerJoin(mine, receiptJoin)
    : base.leftJoin(mine, receiptJoin)
  )
    .where(where)
    .orderBy(
      ...(order === 'oldest'
        ? [asc(billMessages.createdAt), asc(billMessages.id)]
        : [desc(billMessages.createdAt), desc(billMessages.id)]),
    )
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.n ?? 0, results: rows.map(messageOf) };
}

/** Messages on bills between the organisation's staff and the client's users (SPEC §3 Message). */
export function createBillMessageService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  /** Marks receipts read; one audit record when anything changed (a repeat writes nothing). */
  async function markRead(
    tx: DbOrTx,
    reader: Reader,
    where: SQL | undefined,
    audit: { objectGuid: string | null; organizationId: number; clientId: number | null },
  ): Promise<number> {
    const updated = await tx
      .update(billMessageReceipts)
      .set({ readAt: now() })
      .where(and(eq(billMessageReceipts.userId, reader.userId), isNull(billMessageReceipts.readAt), where))
      .returning({ id: billMessageReceipts.id });
    if (updated.length > 0) {
      await recordAudit(tx, reader.actor, {
        action: 'bill_messages_read',
        objectType: 'bill_message',
        objectGuid: audit.objectGuid,
        organizationId: audit.organizationId,
        clientId: audit.clientId,
        changes: { read: { before: null, after: updated.length } },
      });
    }
    return updated.length;
  }

  return {
    /** A bill's conversation, oldest first. */
    async listForBill(scope: ClientScope, reader: Reader, billGuid: string, query: MessageListQuery) {
      const bill = await findVisibleBill(db, scope, billGuid);
      const where = and(eq(billMessages.billId, bill.id), unreadCondition(query.unread));
      return pageOfMessages(db, reader.userId, where, 'oldest', pageWindow(query));
    },

    /** The client's messages across the bills the caller may see, newest first (the client's drawer). */
    async listForClient(scope: ClientScope, reader: Reader, query: MessageListQuery) {
      const where = and(
        eq(billMessages.clientId, scope.id),
        ...(await clientUserBillConditions(db, scope, billList)),
        unreadCondition(query.unread),
      );
      return pageOfMessages(db, reader.userId, where, 'newest', pageWindow(query));
    },

    /** Messages sent to the caller in the organisation, newest first (the staff header's drawer). */
    async listForOrganization(scope: OrganizationScope, reader: Reader, query: MessageListQuery) {
      const where = and(
        eq(mine.organizationId, scope.id),
        eq(billMessages.organizationId, scope.id),
        unreadCondition(query.unread),
      );
      return pageOfMessages(db, reader.userId, where, 'newest', pageWindow(query), 'mine-only');
    },

    /**
     * Posts a message: the message, one receipt per reader on the other side, and the audit record in
     * one transaction. HTML is sanitised here, once, so every reader gets the same safe markup.
     */
    async post(
      scope: ClientScope,
      reader: Reader,
      billGuid: string,
      input: CreateMessageRequest,
    ): Promise<Message> {
      const contentType = input.content_type ?? 'text';
      const body = contentType === 'html' ? await sanitizeMessageHtml(input.body) : input.body;
      if (!body) throw invalid('body', 'The message has no text left once unsafe HTML is removed.');
      return db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, scope, billGuid);
        const [message] = await tx
          .insert(billMessages)
          .values({
            billId: bill.id,
            organizationId: bill.organizationId,
            clientId: bill.clientId,
            fromUserId: reader.userId,
            maskedByUserId: reader.maskedByUserId,
            body,
            contentType,
            createdAt: now(),
          })
          .returning({ id: billMessages.id, guid: billMessages.guid });
        if (!message) throw new Error('message insert returned nothing');
        const recipients = await messageRecipients(tx, bill, { userId: reader.userId, side: scope.via });
        if (recipients.length > 0) {
          await tx.insert(billMessageReceipts).values(
            recipients.map((userId) => ({
              messageId: message.id,
              userId,
              organizationId: bill.organizationId,
            })),
          );
        }
        // Each reader's phone, if the mobile app registered one: tapping the push opens this bill.
        const pushed = await pushNewMessage(tx, recipients, {
          bill,
          clientGuid: scope.guid,
          body,
          contentType,
        });
        await recordAudit(tx, reader.actor, {
          action: 'bill_message_posted',
          objectType: 'bill_message',
          objectGuid: message.guid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
          changes: {
            bill: { before: null, after: bill.guid },
            content_type: { before: null, after: contentType },
            recipients: { before: null, after: recipients.length },
            pushes: { before: null, after: pushed },
          },
        });
        const { results } = await pageOfMessages(
          tx,
          reader.userId,
          eq(billMessages.id, message.id),
          'oldest',
          {
            limit: 1,
            offset: 0,
          },
        );
        return results[0] as Message;
      });
    },

    /** Marks the caller's receipt of one message read. Idempotent; 404 for a message not on the bill. */
    async markMessageRead(scope: ClientScope, reader: Reader, billGuid: string, messageGuid: string) {
      await db.transaction(async (tx) => {
        const bill = await findVisibleBill(tx, scope, billGuid);
        const [message] = await tx
          .select({ id: billMessages.id })
          .from(billMessages)
          .where(and(eq(billMessages.guid, messageGuid), eq(billMessages.billId, bill.id)));
        if (!message) throw notFound();
        await markRead(tx, reader, eq(billMessageReceipts.messageId, message.id), {
          objectGuid: messageGuid,
          organizationId: bill.organizationId,
          clientId: bill.clientId,
        });
      });
    },

    /** Marks every unread message of the caller in the organisation read (the drawer's "mark all"). */
    async markAllRead(scope: OrganizationScope, reader: Reader) {
      await db.transaction((tx) =>
        markRead(tx, reader, eq(billMessageReceipts.organizationId, scope.id), {
          objectGuid: null,
          organizationId: scope.id,
          clientId: null,
        }),
      );
    },
  };
}

/** Longest message text a push shows; the app shows the whole message once opened. */
const PUSH_PREVIEW_CHARS = 140;

/**
 * Queues a push of a new message to each recipient's registered devices (decision 033). The data
 * names the bill and its client so the mobile app opens the bill when the push is tapped. Message
 * pushes carry no notification type: the preferences' types (recurring, client approval) do not cover
 * messages, and only people who signed in on the app have a device to receive them.
 */
async function pushNewMessage(
  tx: DbOrTx,
  recipients: number[],
  message: { bill: { guid: string }; clientGuid: string; body: string; contentType: 'text' | 'html' },
): Promise<number> {
  // A notification shows plain text: the (already sanitised) markup of an HTML message is dropped.
  const text = (message.contentType === 'html' ? message.body.replace(/<[^>]*>/g, ' ') : message.body)
    .replace(/\s+/g, ' ')
    .trim();
  const preview = text.length > PUSH_PREVIEW_CHARS ? `${text.slice(0, PUSH_PREVIEW_CHARS - 1)}…` : text;
  let queued = 0;
  for (const userId of recipients) {
    queued += await enqueuePush(tx, {
      userId,
      title: 'New message on a bill',
      body: preview,
      data: { type: 'bill_message', bill: message.bill.guid, client: message.clientGuid },
    });
  }
  return queued;
}
