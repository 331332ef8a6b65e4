import { randomUUID } from 'node:crypto';
import { REPORT_FILE_MAX_BYTES, type ReportFile } from '@bp/contracts';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { storeThenRecord } from '../../platform/storage.ts';
import { checkDocumentUpload, sanitizeFileName } from '../client-records/index.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { conflict, notFound } from './errors.ts';
import { fileVersions, findReport, visibleReports } from './read.ts';
import { recordReportEvent } from './service.ts';
import { reportFiles } from './tables.ts';

export const REPORT_FILE_TOO_LARGE = 'The file must be 25 MB or smaller.';

export interface NewReportFile {
  data: Buffer;
  fileName: string;
  /** Known for generated files; uploads are typed by their content. */
  mimeType?: string;
  source: 'upload' | 'generated';
  userId: number | null;
}

/**
 * A report's files: uploads are checked by content like every upload (client-records' file check); a file
 * named like one the report has becomes its next version. Generated files come through the same path.
 */
export function createReportFileService(db: Db, storage: FileStorage, now: () => Date) {
  return {
    async versions(tenant: Tenant, reportGuid: string, window: { limit: number; offset: number }) {
      const visible = await visibleReports(db, tenant);
      const { report } = await findReport(db, tenant.clientId, reportGuid, visible);
      return fileVersions(db, report.id, window);
    },

    async add(tenant: Tenant, reportGuid: string, file: NewReportFile): Promise<ReportFile> {
      const { report } = await findReport(db, tenant.clientId, reportGuid);
      const mimeType =
        file.mimeType ?? (await checkDocumentUpload(file.data, REPORT_FILE_MAX_BYTES, REPORT_FILE_TOO_LARGE));
      const originalName = sanitizeFileName(file.fileName);
      const key = `reports/${tenant.clientGuid}/${randomUUID()}`;
      return storeThenRecord(storage, key, file.data, async () => {
        const at = now();
        const write = db.transaction(async (tx) => {
          // Versions count per name; the unique index refuses a concurrent duplicate number.
          const [last] = await tx
            .select({ version: max(reportFiles.version) })
            .from(reportFiles)
            .where(and(eq(reportFiles.reportId, report.id), eq(reportFiles.originalName, originalName)));
          const version = (last?.version ?? 0) + 1;
          const [row] = await tx
            .insert(reportFiles)
            .values({
              reportId: report.id,
              originalName,
              version,
              fileKey: key,
              mimeType,
              sizeBytes: file.data.length,
              source: file.source,
              uploadedByUserId: file.userId,
              createdAt: at,
            })
            .returning({ guid: reportFiles.guid });
          if (!row) throw new Error('report file insert returned nothing');
          const kind = file.source === 'upload' ? 'file_uploaded' : 'file_generated';
          await recordReportEvent(
            tx,
            report.id,
            kind,
            `${originalName} (version ${version})`,
            file.userId,
            at,
          );
          await auditWrite(tx, tenant, {
            action: `report_${kind}`,
            objectType: 'report',
            objectGuid: report.guid,
            changes: {
              file: { before: null, after: originalName },
              version: { before: null, after: version },
              mime_type: { before: null, after: mimeType },
              size_bytes: { before: null, after: file.data.length },
            },
          });
          return row.guid;
        });
        // Two uploads of one name at once: the second finds its version number taken.
        const guid = await write.catch((error: unknown) => {
          if (isUniqueViolation(error, 'report_files_version_key'))
            throw conflict('Another file of this name was added at the same moment. Try again.');
          throw error;
        });
        const { results } = await fileVersions(db, report.id, null);
        const shown = results.find((f) => f.guid === guid);
        if (!shown) throw notFound();
        return shown;
      });
    },

    async download(tenant: Tenant, reportGuid: string, fileGuid: string) {
      const visible = await visibleReports(db, tenant);
      const { report } = await findReport(db, tenant.clientId, reportGuid, visible);
      const [row] = await db
        .select()
        .from(reportFiles)
        .where(and(eq(reportFiles.guid, fileGuid), eq(reportFiles.reportId, report.id)));
      if (!row) throw notFound();
      const data = await storage.get(row.fileKey);
      if (!data) throw notFound('The file is missing.');
      return { data, mimeType: row.mimeType, name: row.originalName };
    },
  };
}
