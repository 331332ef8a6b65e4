import type { BooksReportName } from '@bp/contracts';
import { booksReportsRoutes as r } from '@bp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireClient } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { attachmentDisposition } from '../../platform/http/download.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { customReport, reportDictionary } from './custom-report.ts';
import { booksReadPolicy, cataloguePolicy } from './policies.ts';
import {
  balanceSheetTable,
  comparisonTable,
  generalLedgerTable,
  incomeExpenseTable,
  profitAndLossTable,
  propertyExpensesTable,
  type ReportTable,
  tablePdf,
  tableXlsx,
  trialBalanceTable,
} from './report-files.ts';
import { balanceSheet, generalLedger, type LedgerScope, profitAndLoss, trialBalance } from './reports.ts';
import { comparison, incomeExpense, propertyExpenses } from './reports-more.ts';
import { type BooksClient, type BooksScope, booksScopeOf, clientBooksScopeOf } from './scope.ts';

type ExportQuery = {
  format: 'pdf' | 'xlsx';
  from?: string | undefined;
  to: string;
  compare_from?: string | undefined;
  compare_to?: string | undefined;
  account?: string | undefined;
};

/** The report asked for, as a table to export. The general ledger needs one entity's scope. */
async function reportTable(
  db: DbOrTx,
  report: BooksReportName,
  scope: LedgerScope & { clientId: number },
  entity: BooksScope | null,
  q: ExportQuery,
  heading: string,
): Promise<ReportTable> {
  const from = q.from ?? null;
  if ((report === 'balance' || report === 'profit-and-loss') && q.compare_to)
    return comparisonTable(
      await comparison(db, scope, {
        report,
        from: q.from,
        to: q.to,
        compare_from: q.compare_from,
        compare_to: q.compare_to,
      }),
      heading,
    );
  switch (report) {
    case 'trial':
      return trialBalanceTable(await trialBalance(db, scope, from, q.to), heading);
    case 'balance':
      return balanceSheetTable(await balanceSheet(db, scope, q.to), heading);
    case 'profit-and-loss':
      return profitAndLossTable(await profitAndLoss(db, scope, from, q.to), heading);
    case 'income-expense':
      if (!q.from) throw invalid('from', 'This field is required.');
      return incomeExpenseTable(await incomeExpense(db, scope, q.from, q.to), heading);
    case 'property-expenses':
      return propertyExpensesTable(await propertyExpenses(db, scope, from, q.to, null), heading);
    case 'general-ledger':
      if (!entity) throw invalid('report', 'The general ledger is per entity: open it from an entity.');
      return generalLedgerTable(await generalLedger(db, entity, from, q.to, q.account ?? null), heading);
  }
}

/** Reports beyond the core's (decision 034): comparison, income-expense, property expenses, combined, files. */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const clientOf = (request: FastifyRequest): BooksClient & { name: string } => {
    const client = requireClient(request);
    return {
      clientId: client.id,
      organizationId: client.organizationId,
      via: client.via,
      userId: requireAuth(request).user.id,
      actor: actorOf(request),
      name: client.name,
    };
  };
  const entityScope = (req: FastifyRequest, entityGuid: string) =>
    booksScopeOf(db, clientOf(req), entityGuid);
  const clientScope = (req: FastifyRequest) => clientBooksScopeOf(db, clientOf(req));
  const file = async (table: ReportTable, format: 'pdf' | 'xlsx', name: string) => ({
    body: format === 'pdf' ? await tablePdf(table) : await tableXlsx(table),
    headers: {
      'content-type':
        format === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': attachmentDisposition(`${name}.${format}`),
    },
  });

  registerRoute(app, r.getBooksReportDictionary, {
    access: cataloguePolicy,
    handler: () => reportDictionary(),
  });
  registerRoute(app, r.postBooksCustomReport, {
    access: booksReadPolicy,
    handler: async (req) => customReport(db, await entityScope(req, req.params.entityGuid), req.body),
  });
  registerRoute(app, r.getBooksIncomeExpense, {
    access: booksReadPolicy,
    handler: async (req) =>
      incomeExpense(db, await entityScope(req, req.params.entityGuid), req.query.from, req.query.to),
  });
  registerRoute(app, r.getBooksPropertyExpenses, {
    access: booksReadPolicy,
    handler: async (req) =>
      propertyExpenses(
        db,
        await entityScope(req, req.params.entityGuid),
        req.query.from ?? null,
        req.query.to,
        req.query.property ?? null,
      ),
  });
  registerRoute(app, r.getBooksComparison, {
    access: booksReadPolicy,
    handler: async (req) => comparison(db, await entityScope(req, req.params.entityGuid), req.query),
  });
  registerRoute(app, r.getBooksReportExport, {
    access: booksReadPolicy,
    handler: async (req, reply) => {
      const scope = await entityScope(req, req.params.entityGuid);
      const table = await reportTable(db, req.params.report, scope, scope, req.query, clientOf(req).name);
      const out = await file(table, req.query.format, `${req.params.report}-${req.query.to}`);
      return reply.headers(out.headers).send(out.body);
    },
  });

  registerRoute(app, r.getBooksClientTrialBalance, {
    access: booksReadPolicy,
    handler: async (req) => trialBalance(db, await clientScope(req), req.query.from ?? null, req.query.to),
  });
  registerRoute(app, r.getBooksClientBalanceSheet, {
    access: booksReadPolicy,
    handler: async (req) => balanceSheet(db, await clientScope(req), req.query.to),
  });
  registerRoute(app, r.getBooksClientProfitAndLoss, {
    access: booksReadPolicy,
    handler: async (req) => profitAndLoss(db, await clientScope(req), req.query.from ?? null, req.query.to),
  });
  registerRoute(app, r.getBooksClientIncomeExpense, {
    access: booksReadPolicy,
    handler: async (req) => incomeExpense(db, await clientScope(req), req.query.from, req.query.to),
  });
  registerRoute(app, r.getBooksClientPropertyExpenses, {
    access: booksReadPolicy,
    handler: async (req) =>
      propertyExpenses(
        db,
        await clientScope(req),
        req.query.from ?? null,
        req.query.to,
        req.query.property ?? null,
      ),
  });
  registerRoute(app, r.getBooksClientComparison, {
    access: booksReadPolicy,
    handler: async (req) => comparison(db, await clientScope(req), req.query),
  });
  registerRoute(app, r.getBooksClientReportExport, {
    access: booksReadPolicy,
    handler: async (req, reply) => {
      const scope = await clientScope(req);
      const table = await reportTable(
        db,
        req.params.report,
        scope,
        null,
        req.query,
        `${clientOf(req).name} (all entities)`,
      );
      const out = await file(table, req.query.format, `${req.params.report}-${req.query.to}`);
      return reply.headers(out.headers).send(out.body);
    },
  });
}
