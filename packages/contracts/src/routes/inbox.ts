/**
 * Routes of the API's inbox module (issue 13): clients' pre-bill inboxes, fed by mail to each client's
 * inbox address and by documents uploaded by hand. The schemas live here with the routes: nothing else
 * in the contracts uses them.
 */
import { z } from 'zod';
import { bill, createBillRequest } from '../bills.ts';
import { guid, paged, pageQuery } from '../common.ts';
import { defineRoute, FILE_RESPONSE, MULTIPART_BODY, noContentResponse } from '../route.ts';

/** How an e-mail reached the inbox: by mail, or uploaded by hand (a scanned letter, a client's upload). */
export const INBOX_EMAIL_SOURCES = ['email', 'mail_scan', 'client_upload'] as const;
export type InboxEmailSource = (typeof INBOX_EMAIL_SOURCES)[number];
/** What an e-mail is for, once someone has said so. */
export const INBOX_EMAIL_TYPES = ['recurring', 'client_approval'] as const;
export type InboxEmailType = (typeof INBOX_EMAIL_TYPES)[number];
/** `?ordering=` fields of the lists and exports (`-` first for descending; default `-received`). */
export const INBOX_EMAIL_ORDERING = ['received', 'sender', 'subject'] as const;
/** The largest file of a hand upload (each file): 25 MiB, as every upload. */
export const INBOX_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** The most files one hand upload may carry. */
export const INBOX_UPLOAD_MAX_FILES = 20;

/** A file of an inbox e-mail; only `convertible` ones (SPEC.md §5's types, by content) may become a bill's. */
export const inboxAttachment = z.object({
  guid,
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  convertible: z.boolean(),
});
export type InboxAttachment = z.infer<typeof inboxAttachment>;

export const inboxEmail = z.object({
  guid,
  client: z.object({ guid, name: z.string() }),
  /** The entity's guid when the e-mail is tied to one. */
  entity: guid.nullable(),
  source: z.enum(INBOX_EMAIL_SOURCES),
  type: z.enum(INBOX_EMAIL_TYPES).nullable(),
  from_address: z.string().nullable(),
  from_name: z.string().nullable(),
  subject: z.string(),
  received_at: z.string(),
  /** The start of the text body, on one line. */
  preview: z.string(),
  attachments: z.array(inboxAttachment),
  archived_at: z.string().nullable(),
  /** The bill the e-mail was converted into (it is archived then), or null. */
  bill: guid.nullable(),
});
export type InboxEmail = z.infer<typeof inboxEmail>;
export const inboxEmailList = paged(inboxEmail);

const listFilters = {
  /** An entity guid ('all-entities' or blank: no filter). */
  entity: z.string().max(64).optional(),
  type: z.enum(INBOX_EMAIL_TYPES).optional(),
  /** `true`: the archived e-mails (the archived pre-bill pages); the live ones otherwise. */
  archived: z.enum(['true', 'false']).default('false'),
};
/** `?page&page_size&ordering&search&entity&type&archived`; search matches sender and subject. */
export const clientInboxQuery = pageQuery.extend(listFilters);
export type ClientInboxQuery = z.infer<typeof clientInboxQuery>;
/** The organisation's list adds `client` (a client guid; 'all-clients' or blank: every client). */
export const organizationInboxQuery = clientInboxQuery.extend({ client: z.string().max(64).optional() });
export type OrganizationInboxQuery = z.infer<typeof organizationInboxQuery>;

const exportFormat = { format: z.enum(['csv', 'xlsx']).default('csv') };
export const clientInboxExportQuery = clientInboxQuery
  .omit({ page: true, page_size: true })
  .extend(exportFormat);
export const organizationInboxExportQuery = organizationInboxQuery
  .omit({ page: true, page_size: true })
  .extend(exportFormat);

/** A client's live inbox address. */
export const inboxAddress = z.object({ address: z.string() });
export type InboxAddress = z.infer<typeof inboxAddress>;

// ---------------------------------------------------------------------------------------------
// Prefill and convert (issue 13, decision 023)
// ---------------------------------------------------------------------------------------------

/** A value read from an attachment's text, with the line it was read from (shown as "Proposed"). */
const proposed = <T extends z.ZodType>(value: T) =>
  z.object({ value, source: z.string().describe('the line of text the value was read from') }).nullable();

/** How a vendor was matched: the sender's address is a vendor's e-mail, or a vendor's name is like the sender's or the text's. */
export const VENDOR_MATCH_REASONS = ['sender_address', 'name_similarity'] as const;
export type VendorMatchReason = (typeof VENDOR_MATCH_REASONS)[number];

/**
 * What one attachment proposes for the bill form. `text_found` false (an image, a scanned PDF, another
 * type) proposes nothing read from the file and `message` says so; the vendor may still be matched by
 * the sender's address.
 */
export const inboxPrefill = z.object({
  attachment: guid,
  text_found: z.boolean(),
  message: z.string().nullable(),
  amount: proposed(z.number().int()),
  due_date: proposed(z.string()),
  invoice_number: proposed(z.string()),
  invoice_date: proposed(z.string()),
  vendor: z
    .object({
      guid,
      name: z.string(),
      entity: guid,
      reason: z.enum(VENDOR_MATCH_REASONS),
      /** In words, for the form: "billing@acme.test is this vendor's e-mail". */
      detail: z.string(),
    })
    .nullable(),
});
export type InboxPrefill = z.infer<typeof inboxPrefill>;

/**
 * The bill form's fields plus which of the e-mail's attachments become the bill's (`attachments`,
 * convertible ones only; all of them when left out). One transaction: the bill, its attachments, the
 * e-mail linked and archived, audit records.
 */
export const convertInboxEmailRequest = createBillRequest.safeExtend({
  attachments: z
    .array(guid)
    .max(INBOX_UPLOAD_MAX_FILES * 5)
    .optional(),
});
export type ConvertInboxEmailRequest = z.infer<typeof convertInboxEmailRequest>;

/**
 * Postmark's inbound webhook JSON (https://postmarkapp.com/developer/webhooks/inbound-webhook): the
 * fields we read; anything else Postmark sends is ignored.
 */
const postmarkAddress = z.object({ Email: z.string().max(1000), Name: z.string().max(1000).optional() });
export const postmarkInbound = z.looseObject({
  From: z.string().max(1000).optional(),
  FromName: z.string().max(1000).optional(),
  FromFull: postmarkAddress.optional(),
  To: z.string().max(10_000).optional(),
  ToFull: z.array(postmarkAddress).max(100).optional(),
  CcFull: z.array(postmarkAddress).max(100).optional(),
  BccFull: z.array(postmarkAddress).max(100).optional(),
  OriginalRecipient: z.string().max(1000).optional(),
  Subject: z.string().max(10_000).optional(),
  MessageID: z.string().max(1000).optional(),
  Date: z.string().max(200).optional(),
  TextBody: z.string().max(5_000_000).optional(),
  HtmlBody: z.string().max(10_000_000).optional(),
  Attachments: z
    .array(
      z.object({
        Name: z.string().max(1000),
        Content: z.string().max(40_000_000),
        ContentType: z.string().max(200),
        ContentLength: z.number().int().optional(),
        ContentID: z.string().max(1000).optional(),
      }),
    )
    .max(100)
    .optional(),
});
export type PostmarkInbound = z.infer<typeof postmarkInbound>;
/** `stored`: filed in the clients' inboxes; `ignored`: no recipient is a live inbox address (nothing stored). */
export const inboundWebhookAnswer = z.object({ status: z.enum(['stored', 'ignored']) });

const organizationParams = z.object({ organizationGuid: guid });
const clientParams = z.object({ clientGuid: guid });
const emailParams = clientParams.extend({ emailGuid: guid });
const attachmentParams = emailParams.extend({ inboxAttachmentGuid: guid });

export const inboxRoutes = {
  getInboxOrganizationEmails: defineRoute({
    method: 'GET',
    path: '/v1/inbox/organizations/:organizationGuid/emails',
    tags: ['inbox'],
    description: 'The pre-bill inbox of every client of the organisation (`client` narrows it to one).',
    params: organizationParams,
    query: organizationInboxQuery,
    responses: { 200: inboxEmailList },
  }),
  getInboxOrganizationEmailsExport: defineRoute({
    method: 'GET',
    path: '/v1/inbox/organizations/:organizationGuid/emails/export',
    tags: ['inbox'],
    description: 'Every e-mail matching the list filters, as CSV or XLSX (a file download).',
    params: organizationParams,
    query: organizationInboxExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getInboxClientEmails: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/emails',
    tags: ['inbox'],
    params: clientParams,
    query: clientInboxQuery,
    responses: { 200: inboxEmailList },
  }),
  postInboxClientEmails: defineRoute({
    method: 'POST',
    path: '/v1/inbox/clients/:clientGuid/emails',
    tags: ['inbox'],
    params: clientParams,
    body: MULTIPART_BODY,
    description:
      'multipart/form-data: one or more `file` parts (each at most 25 MB, of SPEC.md §5 types by content), ' +
      '`source` (`mail_scan` or `client_upload`; client users always `client_upload`), `subject` (optional), ' +
      '`entity` (an entity guid, optional), `type` (`recurring` or `client_approval`, optional).',
    responses: { 201: inboxEmail },
  }),
  getInboxClientEmailsExport: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/emails/export',
    tags: ['inbox'],
    description: 'Every e-mail matching the list filters, as CSV or XLSX (a file download).',
    params: clientParams,
    query: clientInboxExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getInboxClientEmailAttachment: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid/attachments/:inboxAttachmentGuid',
    tags: ['inbox'],
    params: attachmentParams,
    description: 'The bytes, as an attachment with the file name.',
    responses: { 200: FILE_RESPONSE },
  }),
  getInboxClientEmail: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid',
    tags: ['inbox'],
    params: emailParams,
    description: 'One e-mail (live or archived), with its attachments.',
    responses: { 200: inboxEmail },
  }),
  getInboxClientEmailAttachmentPrefill: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid/attachments/:inboxAttachmentGuid/prefill',
    tags: ['inbox'],
    params: attachmentParams,
    description:
      "What the attachment's text proposes for the bill: amount due, due date, invoice number and date, and the vendor (by the sender's address, then by name similarity). A file without text (an image, a scanned PDF) proposes nothing read from it and says so.",
    responses: { 200: inboxPrefill },
  }),
  postInboxClientEmailConvert: defineRoute({
    method: 'POST',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid/convert',
    tags: ['inbox'],
    params: emailParams,
    body: convertInboxEmailRequest,
    description:
      'Enters the bill (as POST …/bills, duplicate check included), copies the chosen attachments to it, links and archives the e-mail, in one transaction. 409 when the e-mail is archived or already converted.',
    responses: { 201: bill },
  }),
  postInboxInboundPostmark: defineRoute({
    method: 'POST',
    path: '/v1/inbox/inbound/postmark',
    tags: ['inbox'],
    body: postmarkInbound,
    description:
      "Postmark's inbound webhook (HTTP basic auth with INBOUND_WEBHOOK_SECRET as the password). Mail to clients' live inbox addresses is filed as the SMTP receiver files it; mail to no live address answers 200 `ignored` and stores nothing, so Postmark does not retry it.",
    responses: { 200: inboundWebhookAnswer },
  }),
  deleteInboxClientEmail: defineRoute({
    method: 'DELETE',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid',
    tags: ['inbox'],
    params: emailParams,
    description: 'Archives the e-mail (it moves to the archived pre-bills); nothing is deleted.',
    responses: { 204: noContentResponse },
  }),
  postInboxClientEmailUnarchive: defineRoute({
    method: 'POST',
    path: '/v1/inbox/clients/:clientGuid/emails/:emailGuid/unarchive',
    tags: ['inbox'],
    params: emailParams,
    responses: { 200: inboxEmail },
  }),
  getInboxClientAddress: defineRoute({
    method: 'GET',
    path: '/v1/inbox/clients/:clientGuid/inbox-address',
    tags: ['inbox'],
    params: clientParams,
    description:
      "The client's inbox address (made on first use): mail sent to it lands in the pre-bill inbox.",
    responses: { 200: inboxAddress },
  }),
  postInboxClientAddressRegenerate: defineRoute({
    method: 'POST',
    path: '/v1/inbox/clients/:clientGuid/inbox-address/regenerate',
    tags: ['inbox'],
    params: clientParams,
    description: 'Retires the address (mail to it is refused from now on) and gives the client a new one.',
    responses: { 200: inboxAddress },
  }),
};
