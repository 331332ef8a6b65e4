import { clientRecordsRoutes, DOCUMENT_MAX_BYTES } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { readSingleFileUpload } from '../../platform/http/multipart-upload.ts';
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
  const { data, fileName, fields } = await readSingleFileUpload(req, {
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLarge: DOCUMENT_TOO_LARGE,
  });
  return { data, fileName, entityGuid: fields.entity ?? null };
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
