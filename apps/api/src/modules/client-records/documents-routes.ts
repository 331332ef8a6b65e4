import {
  clientDocument,
  clientDocumentList,
  DOCUMENT_MAX_BYTES,
  documentListQuery,
  guid,
} from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/pagination.ts';
import { errorResponses as errors } from '../../platform/responses.ts';
import {
  clientParams,
  documentManagePolicy,
  documentUploadPolicy,
  noContent,
  readPolicy,
  requireRecordWriter,
  tenantOf,
} from '../entities/index.ts';
import { createDocumentService } from './documents-service.ts';
import { attachmentDisposition, DOCUMENT_TOO_LARGE } from './file-check.ts';

const tags = ['client records'];
const documentParams = clientParams.extend({ documentGuid: guid });
const BASE = '/v1/accounts/clients/:clientGuid/documents';

/** The `file` part (at most 25 MiB) and the optional `entity` field of a multipart upload. */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw invalid('file', 'Send the file as multipart/form-data in the field "file".');
  let file: { data: Buffer; fileName: string } | null = null;
  let entityGuid: string | null = null;
  try {
    const parts = req.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw invalid('file', DOCUMENT_TOO_LARGE);
        file = { data, fileName: part.filename };
      } else if (part.fieldname === 'entity' && typeof part.value === 'string' && part.value.trim() !== '') {
        entityGuid = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', DOCUMENT_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'Send one file at a time.');
    if (error instanceof ValidationError) throw error;
    throw invalid('file', 'The upload could not be read.');
  }
  if (!file) throw invalid('file', 'This field is required.');
  return { ...file, entityGuid };
}

/** A client's documents: staff with documents.manage and the client's writer-role users upload them. */
export function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const documents = createDocumentService(deps);

  r.get(BASE, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: clientParams,
      querystring: documentListQuery,
      response: { 200: clientDocumentList, ...errors },
    },
    handler: async (req) => {
      const { count, results } = await documents.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  r.post(BASE, {
    config: { access: documentUploadPolicy },
    schema: {
      tags,
      params: clientParams,
      consumes: ['multipart/form-data'],
      description:
        'multipart/form-data: `file` (required, at most 25 MB) and `entity` (an entity guid, optional).',
      response: { 201: clientDocument, ...errors },
    },
    preValidation: async (req) => requireRecordWriter(tenantOf(req)),
    handler: async (req, reply) => {
      const tenant = tenantOf(req);
      const upload = await readUpload(req);
      const created = await documents.upload(tenant, { ...upload, userId: req.auth?.user.id ?? null });
      return reply.status(201).send(created);
    },
  });

  r.get(`${BASE}/:documentGuid`, {
    config: { access: readPolicy },
    schema: { tags, params: documentParams, response: { 200: clientDocument, ...errors } },
    handler: (req) => documents.get(tenantOf(req), req.params.documentGuid),
  });

  r.get(`${BASE}/:documentGuid/download`, {
    config: { access: readPolicy },
    schema: {
      tags,
      params: documentParams,
      description: 'The bytes, as an attachment with the original name.',
    },
    handler: async (req, reply) => {
      const file = await documents.download(tenantOf(req), req.params.documentGuid);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.name))
        .send(file.data);
    },
  });

  r.delete(`${BASE}/:documentGuid`, {
    config: { access: documentManagePolicy },
    schema: { tags, params: documentParams, response: { ...noContent, ...errors } },
    handler: async (req, reply) => {
      await documents.remove(tenantOf(req), req.params.documentGuid);
      return reply.status(204).send(null);
    },
  });
}
