import { BILL_ATTACHMENT_MAX_BYTES, billsRoutes } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireClient } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/errors.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { ATTACHMENT_TOO_LARGE, createBillAttachmentService } from './attachments-service.ts';
import { attachmentDeletePolicy, attachmentUploadPolicy, billReadPolicy } from './policies.ts';

/** The `file` part of a multipart upload, refused beyond the size limit without reading further. */
async function readFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid('file', 'Send the file as multipart/form-data in the field "file".');
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: BILL_ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw invalid('file', ATTACHMENT_TOO_LARGE);
      file = { data, fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', ATTACHMENT_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'Send one file at a time.');
    if (error instanceof ValidationError) throw error;
    throw invalid('file', 'The upload could not be read.');
  }
  if (!file) throw invalid('file', 'This field is required.');
  return file;
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
