import { BILL_ATTACHMENT_MAX_BYTES, billAttachment, billAttachmentList } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireClient } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/errors.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import { attachmentDisposition } from '../client-records/index.ts';
import { ATTACHMENT_TOO_LARGE, createBillAttachmentService } from './attachments-service.ts';
import {
  attachmentDeletePolicy,
  attachmentParams,
  attachmentUploadPolicy,
  billParams,
  billReadPolicy,
  CLIENT_BILLS_BASE,
  noContent,
} from './policies.ts';

const tags = ['bills'];
const BASE = `${CLIENT_BILLS_BASE}/:billGuid/attachments`;

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const attachments = createBillAttachmentService(deps);

  r.get(BASE, {
    config: { access: billReadPolicy },
    schema: { tags, params: billParams, response: { 200: billAttachmentList, ...errors } },
    handler: (req) => attachments.list(requireClient(req), req.params.billGuid),
  });

  r.post(BASE, {
    config: { access: attachmentUploadPolicy },
    schema: {
      tags,
      params: billParams,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data with the field `file` (at most 25 MB): PDF, Word, Excel, an image, a video or an audio file, checked by content.',
      response: { 201: billAttachment, ...errors },
    },
    handler: async (req, reply) => {
      const scope = requireClient(req);
      const file = await readFile(req);
      return reply.status(201).send(await attachments.upload(scope, actorOf(req), req.params.billGuid, file));
    },
  });

  r.get(`${BASE}/:attachmentGuid/download`, {
    config: { access: billReadPolicy },
    schema: {
      tags,
      params: attachmentParams,
      description: 'The bytes, as an attachment with the original name.',
    },
    handler: async (req, reply) => {
      const file = await attachments.download(
        requireClient(req),
        req.params.billGuid,
        req.params.attachmentGuid,
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.name))
        .send(file.data);
    },
  });

  r.delete(`${BASE}/:attachmentGuid`, {
    config: { access: attachmentDeletePolicy },
    schema: { tags, params: attachmentParams, response: { ...noContent, ...errors } },
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
