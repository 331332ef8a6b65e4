/** Routes of the API's reports module (issue 14): a client's reports, their files and versions, counts. */
import { z } from 'zod';
import { guid, paged, pageQuery } from '../common.ts';
import { defineRoute, FILE_RESPONSE, MULTIPART_BODY } from '../route.ts';

/** SPEC §3 Reports: the six report types. */
export const REPORT_TYPES = [
  'check_registers',
  'cash_flow',
  'financial_statements',
  'custom',
  'printed_checks',
  'reconciliation',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Where a report is in its life; move-back steps one back (decision 024). */
export const REPORT_STATUSES = ['draft', 'ready', 'sent'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The reports the job runner can produce (decision 024). */
export const GENERATED_REPORT_TYPES = ['check_registers', 'cash_flow', 'printed_checks'] as const;

export const REPORT_EVENT_KINDS = [
  'created',
  'updated',
  'file_uploaded',
  'file_generated',
  'status_changed',
  'moved_back',
] as const;
export type ReportEventKind = (typeof REPORT_EVENT_KINDS)[number];

export const REPORT_ORDERING = ['created', 'period', 'name', 'type'] as const;
export const REPORT_FILE_MAX_BYTES = 25 * 1024 * 1024;

const year = z.coerce.number().int().min(1900).max(2200);
const month = z.coerce.number().int().min(1).max(12);
const personRef = z.object({ guid: z.string(), first_name: z.string(), last_name: z.string() }).nullable();

export const reportFile = z.object({
  guid: z.string(),
  version: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  /** upload: a person sent it; generated: the job runner produced it. */
  source: z.enum(['upload', 'generated']),
  uploaded_by: personRef,
  created_on: z.string(),
});
export type ReportFile = z.infer<typeof reportFile>;

export const report = z.object({
  guid: z.string(),
  client: z.object({ guid: z.string(), name: z.string() }),
  entity: z.string().nullable(),
  type: z.enum(REPORT_TYPES),
  name: z.string(),
  notes: z.string(),
  period_year: z.number().int(),
  period_month: z.number().int().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** The newest version of each file name (all versions: the versions route). */
  files: z.array(reportFile),
  created_on: z.string(),
  updated_on: z.string(),
});
export type Report = z.infer<typeof report>;
export const reportList = paged(report);

const listFilters = {
  type: z.enum(REPORT_TYPES).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  entity: z.string().max(64).optional(),
  year: year.optional(),
  month: month.optional(),
};
export const clientReportQuery = pageQuery.extend(listFilters);
export type ClientReportQuery = z.infer<typeof clientReportQuery>;
export const organizationReportQuery = clientReportQuery.extend({ client: z.string().max(64).optional() });
export type OrganizationReportQuery = z.infer<typeof organizationReportQuery>;
const exportFormat = { format: z.enum(['csv', 'xlsx']).default('csv') };
export const clientReportExportQuery = clientReportQuery
  .omit({ page: true, page_size: true })
  .extend(exportFormat);
export const organizationReportExportQuery = organizationReportQuery
  .omit({ page: true, page_size: true })
  .extend(exportFormat);

const name = z.string().trim().min(1, 'This field may not be blank.').max(200);
export const createReportRequest = z.object({
  type: z.enum(REPORT_TYPES),
  name,
  notes: z.string().max(5000).default(''),
  entity: guid.nullable().default(null),
  period_year: z.number().int().min(1900).max(2200),
  period_month: z.number().int().min(1).max(12).nullable().default(null),
});
export type CreateReportRequest = z.input<typeof createReportRequest>;

export const patchReportRequest = z
  .object({
    name,
    notes: z.string().max(5000),
    entity: guid.nullable(),
    period_year: z.number().int().min(1900).max(2200),
    period_month: z.number().int().min(1).max(12).nullable(),
    /** Only forward (draft → ready → sent); back is move-back, with a reason. */
    status: z.enum(REPORT_STATUSES),
  })
  .partial()
  .strict();
export type PatchReportRequest = z.infer<typeof patchReportRequest>;

export const moveBackRequest = z.object({
  reason: z.string().trim().min(1, 'This field may not be blank.').max(1000),
});

export const reportEvent = z.object({
  guid: z.string(),
  kind: z.enum(REPORT_EVENT_KINDS),
  detail: z.string(),
  by: personRef,
  created_on: z.string(),
});
export const reportEventList = paged(reportEvent);
export type ReportEvent = z.infer<typeof reportEvent>;

export const reportFileList = paged(reportFile);

export const reportSummary = z.object({
  total: z.number().int(),
  by_type: z.record(z.enum(REPORT_TYPES), z.number().int()),
  by_status: z.record(z.enum(REPORT_STATUSES), z.number().int()),
});
export type ReportSummary = z.infer<typeof reportSummary>;

export const quantitiesQuery = z.object({
  type: z.enum(REPORT_TYPES).optional(),
  client: z.string().max(64).optional(),
});
export const quantitiesByMonthQuery = quantitiesQuery.extend({ year });
export const quantitiesByYear = z.object({
  results: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
});
export const quantitiesByMonth = z.object({
  year: z.number().int(),
  /** Twelve rows, January to December; reports of the whole year (no month) are counted in `year_only`. */
  results: z.array(z.object({ month: z.number().int(), count: z.number().int() })),
  year_only: z.number().int(),
});
export type QuantitiesByYear = z.infer<typeof quantitiesByYear>;
export type QuantitiesByMonth = z.infer<typeof quantitiesByMonth>;

/** Generate a report's file with the job runner: the bills paid in [from, to]. */
export const generateReportRequest = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    format: z.enum(['pdf', 'xlsx', 'csv']).default('pdf'),
    /** Printed checks: the first check number (checks are numbered from it in order). */
    first_check_number: z.number().int().min(1).max(99_999_999).optional(),
    /** Printed checks: the account the checks are drawn on, for the MICR line and the positive-pay file. */
    routing_number: z
      .string()
      .regex(/^\d{9}$/, 'Enter the 9-digit routing number.')
      .optional(),
    account_number: z
      .string()
      .regex(/^\d{4,17}$/, 'Enter the account number (4 to 17 digits).')
      .optional(),
  })
  .refine((b) => b.from <= b.to, { path: ['to'], message: 'The end must be on or after the start.' });
export type GenerateReportRequest = z.input<typeof generateReportRequest>;
export const generateReportAnswer = z.object({ job_id: z.string() });

const clientParams = z.object({ clientGuid: guid });
const orgParams = z.object({ organizationGuid: guid });
const reportParams = clientParams.extend({ reportGuid: guid });
const fileParams = reportParams.extend({ reportFileGuid: guid });
const clientBase = '/v1/reports/clients/:clientGuid/reports';
const orgBase = '/v1/reports/organizations/:organizationGuid/reports';
const tags = ['reports'];

export const reportsRoutes = {
  getReportsClientReports: defineRoute({
    method: 'GET',
    path: clientBase,
    tags,
    params: clientParams,
    query: clientReportQuery,
    responses: { 200: reportList },
  }),
  postReportsClientReports: defineRoute({
    method: 'POST',
    path: clientBase,
    tags,
    params: clientParams,
    body: createReportRequest,
    responses: { 201: report },
  }),
  getReportsClientReportsSummary: defineRoute({
    method: 'GET',
    path: `${clientBase}/summary`,
    tags,
    params: clientParams,
    query: quantitiesQuery.omit({ client: true }),
    responses: { 200: reportSummary },
  }),
  getReportsClientReportsQuantitiesByYear: defineRoute({
    method: 'GET',
    path: `${clientBase}/quantities-by-year`,
    tags,
    params: clientParams,
    query: quantitiesQuery.omit({ client: true }),
    responses: { 200: quantitiesByYear },
  }),
  getReportsClientReportsQuantitiesByMonth: defineRoute({
    method: 'GET',
    path: `${clientBase}/quantities-by-month`,
    tags,
    params: clientParams,
    query: quantitiesByMonthQuery.omit({ client: true }),
    responses: { 200: quantitiesByMonth },
  }),
  getReportsClientReportsExport: defineRoute({
    method: 'GET',
    path: `${clientBase}/export`,
    tags,
    params: clientParams,
    query: clientReportExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
  getReportsClientReport: defineRoute({
    method: 'GET',
    path: `${clientBase}/:reportGuid`,
    tags,
    params: reportParams,
    responses: { 200: report },
  }),
  patchReportsClientReport: defineRoute({
    method: 'PATCH',
    path: `${clientBase}/:reportGuid`,
    tags,
    params: reportParams,
    body: patchReportRequest,
    responses: { 200: report },
  }),
  postReportsClientReportMoveBack: defineRoute({
    method: 'POST',
    path: `${clientBase}/:reportGuid/move-back`,
    tags,
    params: reportParams,
    body: moveBackRequest,
    responses: { 200: report },
  }),
  getReportsClientReportHistory: defineRoute({
    method: 'GET',
    path: `${clientBase}/:reportGuid/history`,
    tags,
    params: reportParams,
    query: pageQuery,
    responses: { 200: reportEventList },
  }),
  getReportsClientReportFiles: defineRoute({
    method: 'GET',
    path: `${clientBase}/:reportGuid/files`,
    tags,
    params: reportParams,
    query: pageQuery,
    summary: 'Every version of every file of the report, newest first',
    responses: { 200: reportFileList },
  }),
  postReportsClientReportFiles: defineRoute({
    method: 'POST',
    path: `${clientBase}/:reportGuid/files`,
    tags,
    params: reportParams,
    body: MULTIPART_BODY,
    summary: 'Upload a file; a file of the same name becomes its next version',
    responses: { 201: reportFile },
  }),
  getReportsClientReportFileDownload: defineRoute({
    method: 'GET',
    path: `${clientBase}/:reportGuid/files/:reportFileGuid/download`,
    tags,
    params: fileParams,
    responses: { 200: FILE_RESPONSE },
  }),
  postReportsClientReportGenerate: defineRoute({
    method: 'POST',
    path: `${clientBase}/:reportGuid/generate`,
    tags,
    params: reportParams,
    body: generateReportRequest,
    summary: 'Queue the generation of the report file; read progress at /v1/jobs/{jobId}',
    responses: { 202: generateReportAnswer },
  }),
  getReportsOrganizationReports: defineRoute({
    method: 'GET',
    path: orgBase,
    tags,
    params: orgParams,
    query: organizationReportQuery,
    responses: { 200: reportList },
  }),
  getReportsOrganizationReportsSummary: defineRoute({
    method: 'GET',
    path: `${orgBase}/summary`,
    tags,
    params: orgParams,
    query: quantitiesQuery,
    responses: { 200: reportSummary },
  }),
  getReportsOrganizationReportsQuantitiesByYear: defineRoute({
    method: 'GET',
    path: `${orgBase}/quantities-by-year`,
    tags,
    params: orgParams,
    query: quantitiesQuery,
    responses: { 200: quantitiesByYear },
  }),
  getReportsOrganizationReportsQuantitiesByMonth: defineRoute({
    method: 'GET',
    path: `${orgBase}/quantities-by-month`,
    tags,
    params: orgParams,
    query: quantitiesByMonthQuery,
    responses: { 200: quantitiesByMonth },
  }),
  getReportsOrganizationReportsExport: defineRoute({
    method: 'GET',
    path: `${orgBase}/export`,
    tags,
    params: orgParams,
    query: organizationReportExportQuery,
    responses: { 200: FILE_RESPONSE },
  }),
};
