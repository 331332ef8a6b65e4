import { clientRecordsRoutes, DOCUMENT_MAX_BYTES } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/errors.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { pageOf } from '../../platform/pagination.ts';
import {
  documentManagePolicy,
  documentUploadPolicy,
  readPolicy,
  requireRecordWriter,
  tenantOf,
} from '../entities/index.ts';
import { createDocumentService } from './documents-service.ts';
import { DOCUMENT_TOO_LARGE } from './file-check.ts';

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
  const documents = createDocumentService(deps);

  registerRoute(app, clientRecordsRoutes.getAccountsClientDocuments, {
    access: readPolicy,
    handler: async (req) => {
      const { count, results } = await documents.list(tenantOf(req), req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, clientRecordsRoutes.postAccountsClientDocuments, {
    access: documentUploadPolicy,
    preValidation: async (req) => requireRecordWriter(tenantOf(req)),
    handler: async (req, reply) => {
      const tenant = tenantOf(req);
      const upload = await readUpload(req);
      const created = await documents.upload(tenant, { ...upload, userId: req.auth?.user.id ?? null });
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, clientRecordsRoutes.getAccountsClientDocument, {
    access: readPolicy,
    handler: (req) => documents.get(tenantOf(req), req.params.documentGuid),
  });

  registerRoute(app, clientRecordsRoutes.getAccountsClientDocumentDownload, {
    access: readPolicy,
    handler: async (req, reply) => {
      const file = await documents.download(tenantOf(req), req.params.documentGuid);
      return sendStoredFile(reply, file);
    },
  });

  registerRoute(app, clientRecordsRoutes.deleteAccountsClientDocument, {
    access: documentManagePolicy,
    handler: async (req, reply) => {
      await documents.remove(tenantOf(req), req.params.documentGuid);
      return reply.status(204).send(null);
    },
  });
}
