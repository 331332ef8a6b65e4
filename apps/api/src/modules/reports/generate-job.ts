import type { GenerateReportRequest } from '@bp/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { JobError, type JobQueue, type JobRunner } from '../../platform/jobs/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { entityGuidsOf, type Tenant } from '../entities/index.ts';
import type { BankSecretBox } from './bank-secret.ts';
import { cashFlowOf, cashFlowPdf, cashFlowXlsx } from './cash-flow.ts';
import { checkRegisterPdf, checkRegisterXlsx, paidChecks } from './check-register.ts';
import { createReportFileService } from './files.ts';
import { checkPrintPdf, positivePayCsv, validAbaRouting } from './printed-checks.ts';
import { findReport } from './read.ts';

export const REPORT_GENERATION_QUEUE = 'reports.generate';

/** What a generation job carries: enough to act as the user who asked, and what to produce. */
const jobData = z.object({
  reportGuid: z.string(),
  clientId: z.number().int(),
  clientGuid: z.string(),
  organizationId: z.number().int(),
  userId: z.number().int(),
  maskedByUserId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  format: z.enum(['pdf', 'xlsx', 'csv']),
  firstCheckNumber: z.number().int().nullable(),
  routingNumber: z.string().nullable(),
  /** The account number sealed by `bankSecretBox` (never plaintext: job data is a database row). */
  sealedAccountNumber: z.string().nullable(),
});
export type ReportGenerationData = z.infer<typeof jobData>;
export type ReportGenerationQueue = JobQueue<ReportGenerationData>;

const FORMATS: Record<string, readonly string[]> = {
  check_registers: ['pdf', 'xlsx'],
  cash_flow: ['pdf', 'xlsx'],
  printed_checks: ['pdf', 'csv'],
};

/** Checks the request against the report and queues the job for the user; returns its id. */
export async function requestGeneration(
  db: Db,
  generation: { runner: JobRunner; queue: ReportGenerationQueue; secrets: BankSecretBox },
  tenant: Tenant,
  userId: number,
  reportGuid: string,
  body: GenerateReportRequest,
): Promise<string> {
  const { report } = await findReport(db, tenant.clientId, reportGuid);
  const format = body.format ?? 'pdf';
  const formats = FORMATS[report.type];
  if (!formats) throw invalid('type', 'This type of report is not generated here: upload its file instead.');
  if (!formats.includes(format)) throw invalid('format', `Choose ${formats.join(' or ')} for this report.`);
  let routingNumber: string | null = null;
  let accountNumber: string | null = null;
  if (report.type === 'printed_checks') {
    routingNumber = body.routing_number ?? null;
    accountNumber = body.account_number ?? null;
    if (!routingNumber || !validAbaRouting(routingNumber))
      throw invalid(
        'routing_number',
        'Enter the 9-digit routing number of the account the checks are drawn on.',
      );
    if (!accountNumber || !/^\d{4,17}$/.test(accountNumber))
      throw invalid('account_number', 'Enter the account number (4 to 17 digits).');
  }
  const data: ReportGenerationData = {
    reportGuid,
    clientId: tenant.clientId,
    clientGuid: tenant.clientGuid,
    organizationId: tenant.organizationId,
    userId,
    maskedByUserId: tenant.actor.maskedByUserId,
    from: body.from,
    to: body.to,
    format,
    firstCheckNumber: body.first_check_number ?? null,
    routingNumber,
    sealedAccountNumber: accountNumber === null ? null : generation.secrets.seal(accountNumber),
  };
  const id = await generation.runner.send(generation.queue, data, { requestedByUserId: userId });
  if (!id) throw new Error('the report generation job was not queued');
  return id;
}

/** The job: reads the paid checks, renders the file and stores it as the report's next version. */
export function reportGenerationQueue(deps: {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  secrets: BankSecretBox;
}): ReportGenerationQueue {
  const files = createReportFileService(deps.db, deps.storage, deps.now);
  return {
    name: REPORT_GENERATION_QUEUE,
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    pollingIntervalSeconds: 1,
    async handler(raw, context) {
      const data = jobData.parse(raw);
      const { report, client } = await findReport(deps.db, data.clientId, data.reportGuid);
      const tenant: Tenant = {
        clientId: data.clientId,
        clientGuid: data.clientGuid,
        organizationId: data.organizationId,
        via: 'staff',
        clientUserId: null,
        clientRole: null,
        permissions: new Set(),
        actor: {
          actorUserId: data.userId,
          maskedByUserId: data.maskedByUserId,
          requestId: context.jobId,
          ipAddress: null,
        },
      };
      const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      if (report.type === 'cash_flow') {
        await context.progress(0, 3, 'Reading the commitments forecast');
        const entityGuid =
          report.entityId === null
            ? undefined
            : (await entityGuidsOf(deps.db, [report.entityId])).get(report.entityId);
        const flow = await cashFlowOf(
          deps.db,
          {
            id: data.clientId,
            guid: data.clientGuid,
            name: client.name,
            organizationId: data.organizationId,
          },
          entityGuid,
          data.from,
        );
        await context.progress(1, 3, 'Writing the report');
        const name = `cash-flow-${flow.forecast.months[0]?.month ?? data.from.slice(0, 7)}.${data.format}`;
        const file =
          data.format === 'xlsx'
            ? { data: await cashFlowXlsx(flow), fileName: name, mimeType: xlsxType }
            : { data: await cashFlowPdf(flow), fileName: name, mimeType: 'application/pdf' };
        await context.progress(2, 3, 'Storing the file');
        const stored = await files.add(tenant, data.reportGuid, {
          ...file,
          source: 'generated',
          userId: data.userId,
        });
        await context.progress(3, 3, 'Done');
        return {
          file_guid: stored.guid,
          file_name: stored.original_name,
          version: stored.version,
          committed_cents: flow.forecast.totals.committed,
          paid_cents: [...flow.allPaid.values()].reduce((s, n) => s + n, 0),
        };
      }
      await context.progress(0, 3, 'Reading the paid bills');
      const checks = await paidChecks(deps.db, {
        clientId: data.clientId,
        entityId: report.entityId,
        from: data.from,
        to: data.to,
      });
      await context.progress(1, 3, `Writing ${checks.length} check(s)`);
      const heading = { clientName: client.name, from: data.from, to: data.to };
      const period = `${data.from}-to-${data.to}`;
      let file: { data: Buffer; fileName: string; mimeType: string };
      if (report.type === 'check_registers') {
        file =
          data.format === 'xlsx'
            ? {
                data: await checkRegisterXlsx(heading, checks),
                fileName: `check-register-${period}.xlsx`,
                mimeType: xlsxType,
              }
            : {
                data: await checkRegisterPdf(heading, checks),
                fileName: `check-register-${period}.pdf`,
                mimeType: 'application/pdf',
              };
      } else if (report.type === 'printed_checks') {
        if (checks.length === 0) throw new JobError('No bills were paid by check in this period.');
        if (data.routingNumber === null || data.sealedAccountNumber === null)
          throw new JobError('The job has no bank account to draw the checks on.');
        const bank = {
          routingNumber: data.routingNumber,
          accountNumber: deps.secrets.open(data.sealedAccountNumber),
        };
        const numbered = checks.map((c, i) => ({
          ...c,
          checkNumber: data.firstCheckNumber !== null ? String(data.firstCheckNumber + i) : c.checkNumber,
        }));
        if (numbered.some((c) => !/^\d{1,10}$/.test(c.checkNumber)))
          throw new JobError('Some checks have no number: give the first check number.');
        file =
          data.format === 'csv'
            ? {
                data: Buffer.from(positivePayCsv(bank, numbered)),
                fileName: `positive-pay-${period}.csv`,
                mimeType: 'text/csv',
              }
            : {
                data: await checkPrintPdf(client.name, bank, numbered),
                fileName: `checks-${period}.pdf`,
                mimeType: 'application/pdf',
              };
      } else {
        throw new JobError('This type of report is not generated here.');
      }
      await context.progress(2, 3, 'Storing the file');
      const stored = await files.add(tenant, data.reportGuid, {
        ...file,
        source: 'generated',
        userId: data.userId,
      });
      await context.progress(3, 3, 'Done');
      return {
        file_guid: stored.guid,
        file_name: stored.original_name,
        version: stored.version,
        checks: checks.length,
        total_cents: checks.reduce((sum, c) => sum + c.amountCents, 0),
      };
    },
  };
}
