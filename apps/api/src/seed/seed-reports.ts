import { eq } from 'drizzle-orm';
import { clients } from '../modules/clients/tables.ts';
import { reportEvents, reportFiles, reports } from '../modules/reports/tables.ts';
import type { Tx } from '../platform/db.ts';
import type { FileStorage } from '../platform/storage.ts';

/**
 * One report of Harper Household (issue 14), last month's check register with a PDF file, so the report
 * screens show a row and the route walkers (test/tenant-ids.ts) have a real report and file to reach.
 */
export async function seedReports(tx: Tx, now: Date = new Date(), storage?: FileStorage): Promise<void> {
  const [client] = await tx
    .select({ id: clients.id, organizationId: clients.organizationId })
    .from(clients)
    .where(eq(clients.name, 'Harper Household'));
  if (!client) throw new Error('seed: no client Harper Household');
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const [report] = await tx
    .insert(reports)
    .values({
      organizationId: client.organizationId,
      clientId: client.id,
      type: 'check_registers',
      name: 'Check register',
      periodYear: lastMonth.getUTCFullYear(),
      periodMonth: lastMonth.getUTCMonth() + 1,
      status: 'ready',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: reports.id, guid: reports.guid });
  if (!report) throw new Error('seed: the report was not inserted');
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  const fileKey = `reports/seed/${report.guid}/0`;
  await storage?.put(fileKey, pdf);
  await tx.insert(reportFiles).values({
    reportId: report.id,
    originalName: 'check-register.pdf',
    version: 1,
    fileKey,
    mimeType: 'application/pdf',
    sizeBytes: pdf.length,
    source: 'upload',
    createdAt: now,
  });
  await tx.insert(reportEvents).values([
    { reportId: report.id, kind: 'created', detail: 'Check register', createdAt: now },
    { reportId: report.id, kind: 'file_uploaded', detail: 'check-register.pdf (version 1)', createdAt: now },
  ]);
}
