import { randomUUID } from 'node:crypto';
import type { ClientDocument, PageQuery } from '@bp/contracts';
import { DOCUMENT_MAX_BYTES } from '@bp/contracts';
import { filterValue } from '@bp/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { storeThenRecord } from '../../platform/storage.ts';
import { auditWrite, entityGuidsOf, entityIdOf, type Tenant } from '../entities/index.ts';
// Read only, to name who uploaded a document.
import { userList } from '../users/index.ts';
import { notFound } from './errors.ts';
import { checkDocumentUpload, DOCUMENT_TOO_LARGE, sanitizeFileName } from './file-check.ts';
import { documents } from './tables.ts';

type DocumentRow = typeof documents.$inferSelect;
type Uploader = { guid: string; first_name: string; last_name: string } | null;
const withUploader = {
  document: documents,
  uploader: { guid: userList.guid, first_name: userList.firstName, last_name: userList.lastName },
};

async function presentAll(db: DbOrTx, rows: { document: DocumentRow; uploader: Uploader }[]) {
  const guids = await entityGuidsOf(
    db,
    rows.map((r) => r.document.entityId),
  );
  return rows.map(
    ({ document: row, uploader }): ClientDocument => ({
      guid: row.guid,
      original_name: row.originalName,
      mime_type: row.mimeType,
      size_bytes: row.sizeBytes,
      entity: row.entityId === null ? null : (guids.get(row.entityId) ?? null),
      uploaded_by: uploader,
      created_on: row.createdAt.toISOString(),
    }),
  );
}

async function findDocument(db: DbOrTx, tenant: Tenant, documentGuid: string) {
  const [row] = await db
    .select(withUploader)
    .from(documents)
    .leftJoin(userList, eq(userList.id, documents.uploadedByUserId))
    .where(and(eq(documents.guid, documentGuid), eq(documents.clientId, tenant.clientId)));
  if (!row) throw notFound();
  return row;
}

async function presentOne(db: DbOrTx, row: { document: DocumentRow; uploader: Uploader }) {
  const [shown] = await presentAll(db, [row]);
  if (!shown) throw notFound();
  return shown;
}

/** A client's uploaded files: metadata in the table, bytes in file storage. */
export function createDocumentService({
  database,
  storage,
  now,
}: Pick<AppDeps, 'database' | 'storage' | 'now'>) {
  const { db } = database;
  return {
    /** Newest first; `entity` filters by an entity guid ('all-entities' or blank: no filter). */
    async list(tenant: Tenant, query: PageQuery & { entity?: string | undefined }) {
      const conditions: SQL[] = [eq(documents.clientId, tenant.clientId)];
      const entityGuid = filterValue(query.entity);
      if (entityGuid !== undefined) {
        const entityId = isGuid(entityGuid) ? await entityIdOf(db, tenant.clientId, entityGuid) : null;
        if (entityId === null) return { count: 0, results: [] };
        conditions.push(eq(documents.entityId, entityId));
      }
      const where = and(...conditions);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(documents).where(where);
      const rows = await db
        .select(withUploader)
        .from(documents)
        .leftJoin(userList, eq(userList.id, documents.uploadedByUserId))
        .where(where)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: await presentAll(db, rows) };
    },

    async get(tenant: Tenant, documentGuid: string) {
      return presentOne(db, await findDocument(db, tenant, documentGuid));
    },

    /** Checks the bytes, stores them, then writes the row and its audit record. */
    async upload(
      tenant: Tenant,
      upload: { data: Buffer; fileName: string; entityGuid: string | null; userId: number | null },
    ): Promise<ClientDocument> {
      const mimeType = await checkDocumentUpload(upload.data, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE);
      let entityId: number | null = null;
      if (upload.entityGuid !== null) {
        entityId = isGuid(upload.entityGuid)
          ? await entityIdOf(db, tenant.clientId, upload.entityGuid)
          : null;
        if (entityId === null) throw invalid('entity', 'Choose an entity of this client.');
      }
      const key = `documents/${tenant.clientGuid}/${randomUUID()}`;
      const originalName = sanitizeFileName(upload.fileName);
      return storeThenRecord(storage, key, upload.data, async () => {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(documents)
            .values({
              clientId: tenant.clientId,
              entityId,
              fileKey: key,
              originalName,
              mimeType,
              sizeBytes: upload.data.length,
              uploadedByUserId: upload.userId,
              createdAt: now(),
            })
            .returning({ guid: documents.guid });
          if (!row) throw new Error('document insert returned nothing');
          await auditWrite(tx, tenant, {
            action: 'document_uploaded',
            objectType: 'document',
            objectGuid: row.guid,
            changes: {
              original_name: { before: null, after: originalName },
              mime_type: { before: null, after: mimeType },
              size_bytes: { before: null, after: upload.data.length },
              entity: { before: null, after: upload.entityGuid },
            },
          });
          return row;
        });
        return presentOne(db, await findDocument(db, tenant, created.guid));
      });
    },

    async download(tenant: Tenant, documentGuid: string) {
      const { document: row } = await findDocument(db, tenant, documentGuid);
      const data = await storage.get(row.fileKey);
      if (!data) throw notFound('The file of this document is missing.');
      return { data, mimeType: row.mimeType, name: row.originalName };
    },

    /** Removes the row (with its audit record), then the file. */
    async remove(tenant: Tenant, documentGuid: string) {
      const found = await findDocument(db, tenant, documentGuid);
      const before = await presentOne(db, found);
      await db.transaction(async (tx) => {
        await tx.delete(documents).where(eq(documents.id, found.document.id));
        await auditWrite(tx, tenant, {
          action: 'document_deleted',
          objectType: 'document',
          objectGuid: before.guid,
          changes: {
            original_name: { before: before.original_name, after: null },
            mime_type: { before: before.mime_type, after: null },
            size_bytes: { before: before.size_bytes, after: null },
            entity: { before: before.entity, after: null },
          },
        });
      });
      await storage.remove(found.document.fileKey);
    },
  };
}
