import type { INBOX_EMAIL_ORDERING, InboxEmail, InboxEmailType } from '@bp/contracts';
import { filterValue } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { billList } from '../bill-core/index.ts';
import { clientList } from '../clients/index.ts';
import { designatedEntityCondition, entityList } from '../entities/index.ts';
import { inboxEmailAttachments, inboxEmails } from './tables.ts';

export type InboxOrderingField = (typeof INBOX_EMAIL_ORDERING)[number];

/** What a list (or an export) of e-mails is narrowed to; guids as the caller sent them. */
export interface InboxListFilters {
  /** The client whose inbox it is, or, for an organisation's list, every client of the organisation. */
  where: { clientId: number } | { organizationId: number; clientGuid?: string | undefined };
  entity?: string | undefined;
  type?: InboxEmailType | undefined;
  archived: boolean;
  search?: string | undefined;
  ordering: { field: InboxOrderingField; desc: boolean };
  /** A designee's client user id: only e-mails of its designated entities (when it has any). */
  designeeClientUserId?: number | null;
}

/** The start of the body on one line, for a list row. */
const PREVIEW_LENGTH = 200;
export const previewOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);

const ORDER_COLUMNS = {
  received: inboxEmails.receivedAt,
  // The sender as shown: its name when the mail gave one, its address otherwise.
  sender: sql`lower(coalesce(${inboxEmails.fromName}, ${inboxEmails.fromAddress}, ''))`,
  subject: sql`lower(${inboxEmails.subject})`,
} as const;

function conditionsOf(filters: InboxListFilters): SQL[] | null {
  const conditions: SQL[] = [
    filters.archived ? isNotNull(inboxEmails.archivedAt) : isNull(inboxEmails.archivedAt),
  ];
  if ('clientId' in filters.where) conditions.push(eq(inboxEmails.clientId, filters.where.clientId));
  else {
    conditions.push(eq(clientList.organizationId, filters.where.organizationId));
    const clientGuid = filterValue(filters.where.clientGuid);
    if (clientGuid !== undefined) {
      // A malformed or unknown guid matches nothing, like an unknown one (decision 003).
      if (!isGuid(clientGuid)) return null;
      conditions.push(eq(clientList.guid, clientGuid));
    }
  }
  const entityGuid = filterValue(filters.entity);
  if (entityGuid !== undefined) {
    if (!isGuid(entityGuid)) return null;
    conditions.push(eq(entityList.guid, entityGuid));
  }
  if (filters.type) conditions.push(eq(inboxEmails.type, filters.type));
  const search = containsAny(filters.search, [
    inboxEmails.fromAddress,
    inboxEmails.fromName,
    inboxEmails.subject,
  ]);
  if (search) conditions.push(search);
  return conditions;
}

/** A designee with designated entities sees only those entities' e-mails (as its bills, DESIGN §5). */
const designeeCondition = (db: DbOrTx, clientUserId: number | null | undefined) =>
  clientUserId === null || clientUserId === undefined
    ? null
    : designatedEntityCondition(db, clientUserId, inboxEmails.entityId);

/** E-mails with their client and entity, as lists and single reads select them. */
const emailRows = (db: DbOrTx) =>
  db
    .select({
      email: inboxEmails,
      clientGuid: clientList.guid,
      clientName: clientList.name,
      entityGuid: entityList.guid,
      billGuid: billList.guid,
    })
    .from(inboxEmails)
    .innerJoin(clientList, eq(clientList.id, inboxEmails.clientId))
    .leftJoin(entityList, eq(entityList.id, inboxEmails.entityId))
    .leftJoin(billList, eq(billList.id, inboxEmails.billId));

/**
 * One page (or, with no window, all) of the e-mails matching the filters, with their attachments:
 * newest first unless ordered otherwise, the id last so pages never overlap.
 */
export async function listInboxEmails(
  db: DbOrTx,
  filters: InboxListFilters,
  window: PageWindow | null,
): Promise<{ count: number; results: InboxEmail[] }> {
  const conditions = conditionsOf(filters);
  if (conditions === null) return { count: 0, results: [] };
  const designee = await designeeCondition(db, filters.designeeClientUserId);
  if (designee) conditions.push(designee);
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(inboxEmails)
    .innerJoin(clientList, eq(clientList.id, inboxEmails.clientId))
    .leftJoin(entityList, eq(entityList.id, inboxEmails.entityId))
    .where(where);
  const direction = filters.ordering.desc ? desc : asc;
  const ordered = emailRows(db)
    .where(where)
    .orderBy(direction(ORDER_COLUMNS[filters.ordering.field]), direction(inboxEmails.id));
  const rows = window ? await ordered.limit(window.limit).offset(window.offset) : await ordered;
  return { count: total?.n ?? 0, results: await presentEmails(db, rows) };
}

type ListedRow = {
  email: typeof inboxEmails.$inferSelect;
  clientGuid: string;
  clientName: string;
  entityGuid: string | null;
  billGuid: string | null;
};

/** The e-mails as the API shows them, with their attachments in the order the message had them. */
export async function presentEmails(db: DbOrTx, rows: ListedRow[]): Promise<InboxEmail[]> {
  const ids = rows.map((r) => r.email.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(inboxEmailAttachments)
          .where(inArray(inboxEmailAttachments.emailId, ids))
          .orderBy(asc(inboxEmailAttachments.emailId), asc(inboxEmailAttachments.position));
  return rows.map(({ email, clientGuid, clientName, entityGuid, billGuid }) => ({
    guid: email.guid,
    client: { guid: clientGuid, name: clientName },
    entity: entityGuid,
    source: email.source,
    type: email.type,
    from_address: email.fromAddress,
    from_name: email.fromName,
    subject: email.subject,
    received_at: email.receivedAt.toISOString(),
    preview: previewOf(email.textBody),
    attachments: files
      .filter((f) => f.emailId === email.id)
      .map((f) => ({
        guid: f.guid,
        file_name: f.fileName,
        mime_type: f.mimeType,
        size: f.sizeBytes,
        convertible: f.convertible,
      })),
    archived_at: email.archivedAt?.toISOString() ?? null,
    bill: billGuid,
  }));
}

/**
 * One of the client's e-mails as the API shows it, or null when the client has none with that guid (or
 * the designee asking may not see it).
 */
export async function findClientEmail(
  db: DbOrTx,
  clientId: number,
  emailGuid: string,
  designeeClientUserId: number | null = null,
): Promise<{ row: typeof inboxEmails.$inferSelect; shown: InboxEmail } | null> {
  if (!isGuid(emailGuid)) return null;
  const designee = await designeeCondition(db, designeeClientUserId);
  const [found] = await emailRows(db).where(
    and(eq(inboxEmails.guid, emailGuid), eq(inboxEmails.clientId, clientId), designee ?? undefined),
  );
  if (!found) return null;
  const [shown] = await presentEmails(db, [found]);
  return shown ? { row: found.email, shown } : null;
}
