import {
  type REPORT_ORDERING,
  REPORT_STATUSES,
  REPORT_TYPES,
  type Report,
  type ReportFile,
  type ReportStatus,
  type ReportSummary,
  type ReportType,
} from '@bp/contracts';
import { filterValue } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { readTogether } from '../../platform/read-together.ts';
import { containsAny } from '../../platform/search.ts';
import { clientList } from '../clients/index.ts';
import { designatedEntityCondition, entityGuidsOf, entityList } from '../entities/index.ts';
import { userList } from '../users/index.ts';
import { notFound } from './errors.ts';
import { reportFiles, reports } from './tables.ts';

export type ReportOrderingField = (typeof REPORT_ORDERING)[number];

/** The client's reports, or, for an organisation, those of every client of it (optionally one client). */
export type ReportWhere =
  | { clientId: number; visible?: SQL | null }
  | { organizationId: number; clientGuid?: string | undefined };

/**
 * What the caller may see of a client's reports (DESIGN §5): a designee with designated entities only the
 * reports of those entities (a whole-client report covers the others too, so it is not theirs to see);
 * everyone else every report of the client: null.
 */
export async function visibleReports(
  db: DbOrTx,
  tenant: { via: 'staff' | 'client'; clientUserId: number | null; clientRole: string | null },
): Promise<SQL | null> {
  if (tenant.via !== 'client' || tenant.clientUserId === null || tenant.clientRole !== 'designee')
    return null;
  return designatedEntityCondition(db, tenant.clientUserId, reports.entityId);
}

export interface ReportFilters {
  where: ReportWhere;
  type?: ReportType | undefined;
  status?: ReportStatus | undefined;
  entity?: string | undefined;
  year?: number | undefined;
  month?: number | undefined;
  search?: string | undefined;
  ordering?: { field: ReportOrderingField; desc: boolean };
}

type ReportRow = typeof reports.$inferSelect;
type FileRow = typeof reportFiles.$inferSelect;
type Person = { guid: string; first_name: string; last_name: string } | null;

/** The tenant part of a filter: null when it names something outside the tenant (an empty answer). */
function whereOf(where: ReportWhere): SQL | null {
  if ('clientId' in where)
    return where.visible
      ? (and(eq(reports.clientId, where.clientId), where.visible) as SQL)
      : eq(reports.clientId, where.clientId);
  const clientGuid = filterValue(where.clientGuid);
  if (clientGuid === undefined) return eq(reports.organizationId, where.organizationId);
  if (!isGuid(clientGuid)) return null;
  return and(
    eq(reports.organizationId, where.organizationId),
    eq(
      reports.clientId,
      sql`(select ${clientList.id} from ${clientList} where ${clientList.guid} = ${clientGuid})`,
    ),
  ) as SQL;
}

/** Every condition of a list, count or export; null when nothing can match. */
export function conditionsOf(filters: Omit<ReportFilters, 'ordering'>): SQL | null {
  const tenant = whereOf(filters.where);
  if (!tenant) return null;
  const conditions: SQL[] = [tenant];
  if (filters.type) conditions.push(eq(reports.type, filters.type));
  if (filters.status) conditions.push(eq(reports.status, filters.status));
  if (filters.year !== undefined) conditions.push(eq(reports.periodYear, filters.year));
  if (filters.month !== undefined) conditions.push(eq(reports.periodMonth, filters.month));
  const entityGuid = filterValue(filters.entity);
  if (entityGuid !== undefined) {
    if (!isGuid(entityGuid)) return null;
    conditions.push(
      sql`${reports.entityId} = (select ${entityList.id} from ${entityList} where ${entityList.guid} = ${entityGuid})`,
    );
  }
  const search = containsAny(filters.search, [reports.name, reports.notes]);
  if (search) conditions.push(search);
  return and(...conditions) as SQL;
}

const ORDER_COLUMNS = {
  created: [reports.createdAt],
  period: [reports.periodYear, sql`coalesce(${reports.periodMonth}, 0)`],
  name: [sql`lower(${reports.name})`],
  type: [reports.type],
} as const;

const withClient = { report: reports, client: { guid: clientList.guid, name: clientList.name } };

function presentFile(row: FileRow, uploader: Person): ReportFile {
  return {
    guid: row.guid,
    version: row.version,
    original_name: row.originalName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    source: row.source,
    uploaded_by: uploader,
    created_on: row.createdAt.toISOString(),
  };
}

const fileSelection = {
  file: reportFiles,
  uploader: { guid: userList.guid, first_name: userList.firstName, last_name: userList.lastName },
};

/** Versions of files, newest first: every version (`reportIds` one report) for the versions route. */
export async function fileVersions(db: DbOrTx, reportId: number, window: PageWindow | null) {
  const where = eq(reportFiles.reportId, reportId);
  const [total] = await db.select({ n: count() }).from(reportFiles).where(where);
  const query = db
    .select(fileSelection)
    .from(reportFiles)
    .leftJoin(userList, eq(userList.id, reportFiles.uploadedByUserId))
    .where(where)
    .orderBy(desc(reportFiles.createdAt), desc(reportFiles.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return { count: total?.n ?? 0, results: rows.map((r) => presentFile(r.file, r.uploader)) };
}

/** The newest version of each file name of each report. */
async function latestFiles(db: DbOrTx, reportIds: number[]) {
  const byReport = new Map<number, ReportFile[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select(fileSelection)
    .from(reportFiles)
    .leftJoin(userList, eq(userList.id, reportFiles.uploadedByUserId))
    .where(inArray(reportFiles.reportId, reportIds))
    .orderBy(asc(reportFiles.originalName), desc(reportFiles.version));
  const seen = new Set<string>();
  for (const { file, uploader } of rows) {
    const key = `${file.reportId}/${file.originalName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byReport.get(file.reportId) ?? [];
    list.push(presentFile(file, uploader));
    byReport.set(file.reportId, list);
  }
  return byReport;
}

async function presentAll(db: DbOrTx, rows: { report: ReportRow; client: { guid: string; name: string } }[]) {
  const ids = rows.map((r) => r.report.id);
  const [entityGuids, files] = await readTogether(db, [
    () =>
      entityGuidsOf(
        db,
        rows.map((r) => r.report.entityId),
      ),
    () => latestFiles(db, ids),
  ]);
  return rows.map(
    ({ report: row, client }): Report => ({
      guid: row.guid,
      client,
      entity: row.entityId === null ? null : (entityGuids.get(row.entityId) ?? null),
      type: row.type,
      name: row.name,
      notes: row.notes,
      period_year: row.periodYear,
      period_month: row.periodMonth,
      status: row.status,
      files: files.get(row.id) ?? [],
      created_on: row.createdAt.toISOString(),
      updated_on: row.updatedAt.toISOString(),
    }),
  );
}

/** A page of reports (or all of them for an export, `window` null), newest period first by default. */
export async function listReports(db: DbOrTx, filters: ReportFilters, window: PageWindow | null) {
  const where = conditionsOf(filters);
  if (!where) return { count: 0, results: [] };
  const ordering = filters.ordering ?? { field: 'period', desc: true };
  const direction = ordering.desc ? desc : asc;
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  const query = db
    .select(withClient)
    .from(reports)
    .innerJoin(clientList, eq(clientList.id, reports.clientId))
    .where(where)
    .orderBy(...ORDER_COLUMNS[ordering.field].map((c) => direction(c)), desc(reports.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return { count: total?.n ?? 0, results: await presentAll(db, rows) };
}

/** One report of the client, or 404 (another client's report does not exist for the caller). */
/** A report of the client, or 404; `visible` (visibleReports) narrows it to what a designee may see. */
export async function findReport(db: DbOrTx, clientId: number, reportGuid: string, visible?: SQL | null) {
  const [row] = await db
    .select(withClient)
    .from(reports)
    .innerJoin(clientList, eq(clientList.id, reports.clientId))
    .where(and(eq(reports.guid, reportGuid), eq(reports.clientId, clientId), visible ?? undefined));
  if (!row) throw notFound();
  return row;
}

export async function presentReport(
  db: DbOrTx,
  row: { report: ReportRow; client: { guid: string; name: string } },
) {
  const [shown] = await presentAll(db, [row]);
  if (!shown) throw notFound();
  return shown;
}

/** Counts by type and by status (every type and status present, zero when none). */
export async function summaryOf(
  db: DbOrTx,
  filters: Omit<ReportFilters, 'ordering'>,
): Promise<ReportSummary> {
  const by_type = Object.fromEntries(REPORT_TYPES.map((t) => [t, 0])) as Record<ReportType, number>;
  const by_status = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>;
  const where = conditionsOf(filters);
  if (!where) return { total: 0, by_type, by_status };
  const rows = await db
    .select({ type: reports.type, status: reports.status, n: count() })
    .from(reports)
    .where(where)
    .groupBy(reports.type, reports.status);
  let total = 0;
  for (const row of rows) {
    by_type[row.type] += row.n;
    by_status[row.status] += row.n;
    total += row.n;
  }
  return { total, by_type, by_status };
}

/** How many reports each year has, oldest year first. */
export async function quantitiesByYearOf(db: DbOrTx, filters: Omit<ReportFilters, 'ordering'>) {
  const where = conditionsOf(filters);
  if (!where) return { results: [] };
  const rows = await db
    .select({ year: reports.periodYear, count: count() })
    .from(reports)
    .where(where)
    .groupBy(reports.periodYear)
    .orderBy(asc(reports.periodYear));
  return { results: rows };
}

/** How many reports each month of `year` has (all twelve months), and how many cover the whole year. */
export async function quantitiesByMonthOf(
  db: DbOrTx,
  filters: Omit<ReportFilters, 'ordering' | 'year' | 'month'>,
  year: number,
) {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: 0 }));
  const where = conditionsOf({ ...filters, year });
  if (!where) return { year, results: months, year_only: 0 };
  const rows = await db
    .select({ month: reports.periodMonth, count: count() })
    .from(reports)
    .where(where)
    .groupBy(reports.periodMonth);
  let yearOnly = 0;
  for (const row of rows) {
    const slot = row.month === null ? undefined : months[row.month - 1];
    if (slot) slot.count = row.count;
    else yearOnly += row.count;
  }
  return { year, results: months, year_only: yearOnly };
}
