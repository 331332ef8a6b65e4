import { INBOX_EMAIL_ORDERING, inboxRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireClient, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { contextOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { attachmentHeader } from '../../platform/spreadsheet.ts';
import { createInboxAddressService } from './address-service.ts';
import { convertInboxEmail } from './convert.ts';
import { inboxExport } from './email-export.ts';
import { createInboxEmailService, type InboxQueryFilters } from './email-service.ts';
import { readInboxUpload } from './http/read-upload.ts';
import {
  inboxAddressPolicy,
  inboxManagePolicy,
  inboxPrefillPolicy,
  inboxReadPolicy,
  inboxUploadPolicy,
  organizationInboxPolicy,
} from './policies.ts';
import { checkWebhookAuth, receivePostmark } from './postmark.ts';
import { MAX_INBOUND_MESSAGE_BYTES } from './receive.ts';

interface ListQuery {
  ordering?: string | undefined;
  search?: string | undefined;
  entity?: string | undefined;
  type?: InboxQueryFilters['type'];
  archived: 'true' | 'false';
}

function filtersOf(query: ListQuery): InboxQueryFilters {
  return {
    search: query.search,
    entity: query.entity,
    type: query.type,
    archived: query.archived === 'true',
    ordering: parseOrdering(query.ordering, INBOX_EMAIL_ORDERING, { field: 'received', desc: true }),
  };
}

/** The pre-bill inboxes (issue 13): lists, exports, hand uploads, files, archiving, inbox addresses. */
export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps) {
  const emails = createInboxEmailService({ db: deps.database.db, storage: deps.storage });
  const addresses = createInboxAddressService({ db: deps.database.db, domain: deps.config.inbound.domain });
  const clientContext = (req: Parameters<typeof requireClient>[0]) =>
    contextOf(req, deps.now(), requireClient(req));

  registerRoute(app, inboxRoutes.getInboxOrganizationEmails, {
    access: organizationInboxPolicy,
    handler: async (req) => {
      const ctx = contextOf(req, deps.now(), requireOrganization(req));
      const filters = { ...filtersOf(req.query), clientGuid: req.query.client };
      const { count, results } = await emails.listForOrganization(ctx, filters, pageWindow(req.query));
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, inboxRoutes.getInboxOrganizationEmailsExport, {
    access: organizationInboxPolicy,
    handler: async (req, reply) => {
      const ctx = contextOf(req, deps.now(), requireOrganization(req));
      const filters = { ...filtersOf(req.query), clientGuid: req.query.client };
      const { results } = await emails.listForOrganization(ctx, filters, null);
      const file = await inboxExport(req.query.format, results, filters.archived, ctx.now);
      return reply
        .header('content-disposition', attachmentHeader(file.name))
        .type(file.contentType)
        .send(file.body);
    },
  });

  registerRoute(app, inboxRoutes.getInboxClientEmails, {
    access: inboxReadPolicy,
    handler: async (req) => {
      const { count, results } = await emails.listForClient(
        clientContext(req),
        filtersOf(req.query),
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, inboxRoutes.postInboxClientEmails, {
    access: inboxUploadPolicy,
    handler: async (req, reply) => {
      const ctx = clientContext(req);
      const created = await emails.upload(ctx, await readInboxUpload(req));
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, inboxRoutes.getInboxClientEmailsExport, {
    access: inboxReadPolicy,
    handler: async (req, reply) => {
      const ctx = clientContext(req);
      const filters = filtersOf(req.query);
      const { results } = await emails.listForClient(ctx, filters, null);
      const file = await inboxExport(req.query.format, results, filters.archived, ctx.now);
      return reply
        .header('content-disposition', attachmentHeader(file.name))
        .type(file.contentType)
        .send(file.body);
    },
  });

  registerRoute(app, inboxRoutes.getInboxClientEmailAttachment, {
    access: inboxReadPolicy,
    handler: async (req, reply) => {
      const file = await emails.attachment(
        clientContext(req),
        req.params.emailGuid,
        req.params.inboxAttachmentGuid,
      );
      return sendStoredFile(reply, file);
    },
  });

  registerRoute(app, inboxRoutes.getInboxClientEmail, {
    access: inboxReadPolicy,
    handler: (req) => emails.get(clientContext(req), req.params.emailGuid),
  });

  registerRoute(app, inboxRoutes.getInboxClientEmailAttachmentPrefill, {
    access: inboxPrefillPolicy,
    handler: (req) =>
      emails.prefill(clientContext(req), req.params.emailGuid, req.params.inboxAttachmentGuid),
  });

  registerRoute(app, inboxRoutes.postInboxClientEmailConvert, {
    access: inboxManagePolicy,
    handler: async (req, reply) => {
      const files = { db: deps.database.db, storage: deps.storage };
      const bill = await convertInboxEmail(files, clientContext(req), req.params.emailGuid, req.body);
      return reply.status(201).send(bill);
    },
  });

  registerRoute(app, inboxRoutes.postInboxInboundPostmark, {
    // Public to the access guard: the provider signs in with the webhook's own password, checked before
    // the body is even read (so a caller without it learns nothing from validation errors).
    access: { kind: 'public' },
    // Postmark posts the whole message as JSON, attachments in base64 (4/3 of their size).
    bodyLimit: Math.ceil((MAX_INBOUND_MESSAGE_BYTES * 4) / 3) + 1024 * 1024,
    onRequest: async (req) => checkWebhookAuth(req.headers.authorization, deps.config.inbound.webhookSecret),
    handler: async (req) => {
      const parse = { db: deps.database.db, storage: deps.storage, now: deps.now, log: req.log };
      return { status: await receivePostmark(parse, deps.config.inbound.domain, req.body) };
    },
  });

  registerRoute(app, inboxRoutes.deleteInboxClientEmail, {
    access: inboxManagePolicy,
    handler: async (req, reply) => {
      await emails.archive(clientContext(req), req.params.emailGuid);
      return reply.status(204).send(null);
    },
  });

  registerRoute(app, inboxRoutes.postInboxClientEmailUnarchive, {
    access: inboxManagePolicy,
    handler: (req) => emails.unarchive(clientContext(req), req.params.emailGuid),
  });

  registerRoute(app, inboxRoutes.getInboxClientAddress, {
    access: inboxReadPolicy,
    handler: (req) => addresses.get(clientContext(req)),
  });

  registerRoute(app, inboxRoutes.postInboxClientAddressRegenerate, {
    access: inboxAddressPolicy,
    handler: (req) => addresses.regenerate(clientContext(req)),
  });
}
