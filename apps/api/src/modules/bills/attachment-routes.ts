import { BILL_ATTACHMENT_MAX_BYTES, billsRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { readSingleFileUpload } from '../../platform/http/multipart-upload.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { ATTACHMENT_TOO_LARGE, createBillAttachmentService } from './attachments-service.ts';
import { attachmentDeletePolicy, attachmentUploadPolicy, billReadPolicy } from './policies.ts';

/** The `file` part of a multipart upload, refused beyond the size limit without reading further. */
async function readFile(req: FastifyRequest) {
  const { data, fileName } = await readSingleFileUpload(req, {
    maxBytes: BILL_ATTACHMENT_MAX_BYTES,
    tooLarge: ATTACHMENT_TOO_LARGE,
  });
  return { data, fileName };
}

/** Files on a bill: everyone who sees the bill reads them; writers upload; staff or the uploader delete. */
export function registerBillAttachmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const attachments = createBillAttachmentService(deps);

  registerRoute(app, billsRoutes.getBillingClientBillAttachments, {
    access: billReadPolicy,
    handler: (req) => attachments.list(requireClient(req), req.params.billGuid),
  });

  registerRoute(app, billsRoutes.postBillingClientBillAttachments, {
    access: attachmentUploadPolicy,
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const file = await readFile(req);
      return reply.status(201).send(await attachments.upload(scope, actorOf(req), req.params.billGuid, file));
    },
  });

  registerRoute(app, billsRoutes.getBillingClientBillAttachmentDownload, {
    access: billReadPolicy,
    handler: async (req, reply) => {
      const file = await attachments.download(
        requireClient(req),
        req.params.billGuid,
        req.params.attachmentGuid,
      );
      return sendStoredFile(reply, file);
    },
  });

  registerRoute(app, billsRoutes.deleteBillingClientBillAttachment, {
    access: attachmentDeletePolicy,
    handler: async (req, reply) => {
      await attachments.remove(
        requireClient(req),
        actorOf(req),
        req.params.billGuid,
        req.params.attachmentGuid,
      );
      return reply.status(204).send(null);
    },
  });
}
