import type { InboxPrefill } from '@bp/contracts';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { proposeFromText } from './prefill-text.ts';
import type { inboxEmails } from './tables.ts';

/** pdf.js reads this many pages at most: an invoice's figures are on its first pages. */
const MAX_PAGES = 5;
/** Vendor names this similar (pg_trgm, 0..1) to the sender's name or a stretch of the text match. */
const NAME_SIMILARITY = 0.6;
/** How much of the text the vendor names are compared with (the letterhead is at the top). */
const TEXT_HEAD = 2000;

const NO_TEXT_IMAGE = 'This file is an image: it has no text to read, so nothing is proposed from it.';
const NO_TEXT_PDF = 'No text was found in this PDF (a scanned page?), so nothing is proposed from it.';
const NOT_READ = 'Only the text of a PDF is read; nothing is proposed from this file.';
const UNREADABLE = 'This PDF could not be read, so nothing is proposed from it.';

/** The text of a PDF's first pages, or null when pdf.js cannot open it. */
export async function pdfText(data: Buffer): Promise<string | null> {
  try {
    // unpdf (PDF.js) is loaded with the first document (an idle server never needs it).
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(data));
    try {
      const pages: string[] = [];
      const { text } = await extractText(pdf, { mergePages: false });
      for (const page of text.slice(0, MAX_PAGES)) pages.push(page);
      return pages.join('\n');
    } finally {
      await pdf.destroy();
    }
  } catch {
    return null;
  }
}

type Email = typeof inboxEmails.$inferSelect;
type VendorMatch = NonNullable<InboxPrefill['vendor']>;

/**
 * The vendor the e-mail is from, among the active vendors of the client's live entities (of the
 * e-mail's entity when it has one): first a vendor whose e-mail is the sender's address, then the
 * vendor whose name is most like the sender's name or a stretch of the text's top (pg_trgm).
 */
export async function matchVendor(
  db: DbOrTx,
  email: Email,
  text: string | null,
): Promise<VendorMatch | null> {
  const where = (extra: SQL) =>
    and(
      eq(entityList.clientId, email.clientId),
      isNull(entityList.archivedAt),
      eq(vendorList.isActive, true),
      email.entityId === null ? undefined : eq(entityList.id, email.entityId),
      extra,
    );
  const candidates = db
    .select({
      guid: vendorList.guid,
      name: vendorList.name,
      entity: entityList.guid,
      email: vendorList.email,
    })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId));
  const sender = email.fromAddress?.toLowerCase() ?? null;
  if (sender) {
    const [byAddress] = await candidates
      .where(where(sql`lower(${vendorList.email}) = ${sender}`))
      .orderBy(asc(entityList.id), asc(vendorList.id))
      .limit(1);
    if (byAddress)
      return {
        guid: byAddress.guid,
        name: byAddress.name,
        entity: byAddress.entity,
        reason: 'sender_address',
        detail: `${sender} is this vendor's e-mail address.`,
      };
  }
  const senderName = (email.fromName ?? '').toLowerCase();
  const head = (text ?? '').slice(0, TEXT_HEAD).toLowerCase();
  if (senderName === '' && head === '') return null;
  const score = sql<number>`greatest(
    similarity(lower(${vendorList.name}), ${senderName}),
    word_similarity(lower(${vendorList.name}), ${head}))`;
  const [byName] = await db
    .select({ guid: vendorList.guid, name: vendorList.name, entity: entityList.guid, score })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .where(where(sql`${score} >= ${NAME_SIMILARITY}`))
    .orderBy(desc(score), asc(entityList.id), asc(vendorList.id))
    .limit(1);
  if (!byName) return null;
  const from = senderName !== '' ? `the sender's name (${email.fromName}) or the invoice` : 'the invoice';
  return {
    guid: byName.guid,
    name: byName.name,
    entity: byName.entity,
    reason: 'name_similarity',
    detail: `The name is like ${from} (${Math.round(Number(byName.score) * 100)}% similar).`,
  };
}

/**
 * What one attachment proposes for the bill form. Images and PDFs without text propose nothing read from
 * them and say so; the vendor is still matched by the sender's address alone (never guessed from a name).
 */
export async function prefillOf(
  db: DbOrTx,
  email: Email,
  file: { guid: string; mimeType: string; data: Buffer },
): Promise<InboxPrefill> {
  const none = { amount: null, due_date: null, invoice_number: null, invoice_date: null };
  let message: string | null = null;
  let text: string | null = null;
  if (file.mimeType === 'application/pdf') {
    text = await pdfText(file.data);
    if (text === null) message = UNREADABLE;
    else if (text.trim() === '') message = NO_TEXT_PDF;
  } else message = file.mimeType.startsWith('image/') ? NO_TEXT_IMAGE : NOT_READ;
  if (message !== null) {
    const vendor = await matchVendor(db, { ...email, fromName: null }, null);
    return {
      attachment: file.guid,
      text_found: false,
      message,
      ...none,
      vendor: vendor?.reason === 'sender_address' ? vendor : null,
    };
  }
  const found = proposeFromText(text ?? '', email.receivedAt);
  return {
    attachment: file.guid,
    text_found: true,
    message: null,
    amount: found.amount,
    due_date: found.dueDate,
    invoice_number: found.invoiceNumber,
    invoice_date: found.invoiceDate,
    vendor: await matchVendor(db, email, text),
  };
}
