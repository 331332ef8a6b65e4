import { QueryBuilder } from 'drizzle-orm/pg-core';
import { reports } from './tables.ts';

// Reports as other modules join them (the portfolio's reports count): a subquery, so the read stays one
// statement without the table leaving this module.
const qb = new QueryBuilder();

/** Every report with its client, for counts per client. */
export const reportList = qb
  .select({ id: reports.id, clientId: reports.clientId, status: reports.status })
  .from(reports)
  .as('report_list');
