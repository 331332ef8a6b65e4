import { REPORT_ORDERING, reportsRoutes } from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireOrganization } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/http/download.ts';
import { registerRoute } from '../../platform/http/route.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { pageOf, pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { attachmentHeader } from '../../platform/spreadsheet.ts';
import { tenantOf } from '../entities/index.ts';
import type { BankSecretBox } from './bank-secret.ts';
import { conflict } from './errors.ts';
import { reportsExport } from './export.ts';
import { createReportFileService } from './files.ts';
import { type ReportGenerationQueue, requestGeneration } from './generate-job.ts';
import { readReportUpload } from './http/read-upload.ts';
import { organizationReportPolicy, reportManagePolicy, reportReadPolicy } from './policies.ts';
import {
  listReports,
  quantitiesByMonthOf,
  quantitiesByYearOf,
  type ReportFilters,
  summaryOf,
  visibleReports,
} from './read.ts';
import { createReportService } from './service.ts';

interface ListQuery {
  type?: ReportFilters['type'];
  status?: ReportFilters['status'];
  entity?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
  search?: string | undefined;
  ordering?: string | undefined;
}

const filtersOf = (where: ReportFilters['where'], q: ListQuery): ReportFilters => ({
  where,
  type: q.type,
  status: q.status,
  entity: q.entity,
  year: q.year,
  month: q.month,
  search: q.search,
  ordering: parseOrdering(q.ordering, REPORT_ORDERING, { field: 'period', desc: true }),
});

/**
 * Reports (issue 14): a client's reports with their files and versions, history, move-back, counts and
 * exports; the organisation's across its clients. `generation` is the job runner's report queue (absent
 * when the app runs without a runner, e.g. most tests).
 */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  generation?: { runner: JobRunner; queue: ReportGenerationQueue; secrets: BankSecretBox },
) {
  const { db } = deps.database;
  const service = createReportService(db, deps.now);
  const files = createReportFileService(db, deps.storage, deps.now);
  const userIdOf = (req: Parameters<typeof requireAuth>[0]) => requireAuth(req).user.id;
  // A client's lists and counts, narrowed to a designee's designated entities (read.ts visibleReports).
  const clientWhere = async (req: Parameters<typeof tenantOf>[0]) => {
    const tenant = tenantOf(req);
    return { clientId: tenant.clientId, visible: await visibleReports(db, tenant) };
  };
  const orgWhere = (req: Parameters<typeof requireOrganization>[0], client?: string) => ({
    organizationId: requireOrganization(req).id,
    clientGuid: client,
  });

  registerRoute(app, reportsRoutes.getReportsClientReports, {
    access: reportReadPolicy,
    handler: async (req) => {
      const { count, results } = await listReports(
        db,
        filtersOf(await clientWhere(req), req.query),
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, reportsRoutes.postReportsClientReports, {
    access: reportManagePolicy,
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(tenantOf(req), userIdOf(req), req.body)),
  });

  registerRoute(app, reportsRoutes.getReportsClientReportsSummary, {
    access: reportReadPolicy,
    handler: async (req) => summaryOf(db, { where: await clientWhere(req), type: req.query.type }),
  });

  registerRoute(app, reportsRoutes.getReportsClientReportsQuantitiesByYear, {
    access: reportReadPolicy,
    handler: async (req) => quantitiesByYearOf(db, { where: await clientWhere(req), type: req.query.type }),
  });

  registerRoute(app, reportsRoutes.getReportsClientReportsQuantitiesByMonth, {
    access: reportReadPolicy,
    handler: async (req) =>
      quantitiesByMonthOf(db, { where: await clientWhere(req), type: req.query.type }, req.query.year),
  });

  registerRoute(app, reportsRoutes.getReportsClientReportsExport, {
    access: reportReadPolicy,
    handler: async (req, reply) => {
      const { results } = await listReports(db, filtersOf(await clientWhere(req), req.query), null);
      const file = await reportsExport(req.query.format, results, deps.now());
      return reply
        .header('content-disposition', attachmentHeader(file.name))
        .type(file.contentType)
        .send(file.body);
    },
  });

  registerRoute(app, reportsRoutes.getReportsClientReport, {
    access: reportReadPolicy,
    handler: (req) => service.get(tenantOf(req), req.params.reportGuid),
  });

  registerRoute(app, reportsRoutes.patchReportsClientReport, {
    access: reportManagePolicy,
    handler: (req) => service.patch(tenantOf(req), userIdOf(req), req.params.reportGuid, req.body),
  });

  registerRoute(app, reportsRoutes.postReportsClientReportMoveBack, {
    access: reportManagePolicy,
    handler: (req) => service.moveBack(tenantOf(req), userIdOf(req), req.params.reportGuid, req.body.reason),
  });

  registerRoute(app, reportsRoutes.getReportsClientReportHistory, {
    access: reportReadPolicy,
    handler: async (req) => {
      const { count, results } = await service.history(tenantOf(req), req.params.reportGuid, req.query);
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, reportsRoutes.getReportsClientReportFiles, {
    access: reportReadPolicy,
    handler: async (req) => {
      const { count, results } = await files.versions(
        tenantOf(req),
        req.params.reportGuid,
        pageWindow(req.query),
      );
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, reportsRoutes.postReportsClientReportFiles, {
    access: reportManagePolicy,
    handler: async (req, reply) => {
      const tenant = tenantOf(req);
      // The report first: another client's report is a 404 before the body is read.
      await service.get(tenant, req.params.reportGuid);
      const upload = await readReportUpload(req);
      const created = await files.add(tenant, req.params.reportGuid, {
        ...upload,
        source: 'upload',
        userId: userIdOf(req),
      });
      return reply.status(201).send(created);
    },
  });

  registerRoute(app, reportsRoutes.getReportsClientReportFileDownload, {
    access: reportReadPolicy,
    handler: async (req, reply) =>
      sendStoredFile(
        reply,
        await files.download(tenantOf(req), req.params.reportGuid, req.params.reportFileGuid),
      ),
  });

  registerRoute(app, reportsRoutes.postReportsClientReportGenerate, {
    access: reportManagePolicy,
    handler: async (req, reply) => {
      if (!generation) throw conflict('Report generation is not running on this server.', 'jobs_unavailable');
      const jobId = await requestGeneration(
        db,
        generation,
        tenantOf(req),
        userIdOf(req),
        req.params.reportGuid,
        req.body,
      );
      return reply.status(202).send({ job_id: jobId });
    },
  });

  registerRoute(app, reportsRoutes.getReportsOrganizationReports, {
    access: organizationReportPolicy,
    handler: async (req) => {
      const filters = filtersOf(orgWhere(req, req.query.client), req.query);
      const { count, results } = await listReports(db, filters, pageWindow(req.query));
      return pageOf(req, req.query, count, results);
    },
  });

  registerRoute(app, reportsRoutes.getReportsOrganizationReportsSummary, {
    access: organizationReportPolicy,
    handler: (req) => summaryOf(db, { where: orgWhere(req, req.query.client), type: req.query.type }),
  });

  registerRoute(app, reportsRoutes.getReportsOrganizationReportsQuantitiesByYear, {
    access: organizationReportPolicy,
    handler: (req) =>
      quantitiesByYearOf(db, { where: orgWhere(req, req.query.client), type: req.query.type }),
  });

  registerRoute(app, reportsRoutes.getReportsOrganizationReportsQuantitiesByMonth, {
    access: organizationReportPolicy,
    handler: (req) =>
      quantitiesByMonthOf(
        db,
        { where: orgWhere(req, req.query.client), type: req.query.type },
        req.query.year,
      ),
  });

  registerRoute(app, reportsRoutes.getReportsOrganizationReportsExport, {
    access: organizationReportPolicy,
    handler: async (req, reply) => {
      const { results } = await listReports(db, filtersOf(orgWhere(req, req.query.client), req.query), null);
      const file = await reportsExport(req.query.format, results, deps.now());
      return reply
        .header('content-disposition', attachmentHeader(file.name))
        .type(file.contentType)
        .send(file.body);
    },
  });
}
