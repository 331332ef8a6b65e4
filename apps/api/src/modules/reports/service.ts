import type {
  CreateReportRequest,
  PageQuery,
  PatchReportRequest,
  ReportEvent,
  ReportEventKind,
  ReportStatus,
} from '@bp/contracts';
import { REPORT_STATUSES } from '@bp/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { isGuid } from '../../platform/access.ts';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { auditWrite, entityGuidsOf, entityIdOf, type Tenant } from '../entities/index.ts';
import { userList } from '../users/index.ts';
import { conflict } from './errors.ts';
import { findReport, presentReport, visibleReports } from './read.ts';
import { reportEvents, reports } from './tables.ts';

/** A report event in the write's transaction (its history). */
export async function recordReportEvent(
  tx: DbOrTx,
  reportId: number,
  kind: ReportEventKind,
  detail: string,
  userId: number | null,
  at: Date,
) {
  await tx.insert(reportEvents).values({ reportId, kind, detail, userId, createdAt: at });
}

async function entityIdFor(db: DbOrTx, tenant: Tenant, entityGuid: string | null): Promise<number | null> {
  if (entityGuid === null) return null;
  const id = isGuid(entityGuid) ? await entityIdOf(db, tenant.clientId, entityGuid) : null;
  if (id === null) throw invalid('entity', 'Choose an entity of this client.');
  return id;
}

const statusRank = (status: ReportStatus) => REPORT_STATUSES.indexOf(status);

/** A client's reports: create, edit, step the status forward, move it back, and read its history. */
export function createReportService(db: Db, now: () => Date) {
  return {
    async create(tenant: Tenant, userId: number, body: CreateReportRequest) {
      const at = now();
      const entityId = await entityIdFor(db, tenant, body.entity ?? null);
      const guid = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reports)
          .values({
            organizationId: tenant.organizationId,
            clientId: tenant.clientId,
            entityId,
            type: body.type,
            name: body.name,
            notes: body.notes ?? '',
            periodYear: body.period_year,
            periodMonth: body.period_month ?? null,
            createdByUserId: userId,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: reports.id, guid: reports.guid });
        if (!row) throw new Error('report insert returned nothing');
        await recordReportEvent(tx, row.id, 'created', body.name, userId, at);
        await auditWrite(tx, tenant, {
          action: 'report_created',
          objectType: 'report',
          objectGuid: row.guid,
          changes: {
            type: { before: null, after: body.type },
            name: { before: null, after: body.name },
            period_year: { before: null, after: body.period_year },
            period_month: { before: null, after: body.period_month ?? null },
            entity: { before: null, after: body.entity ?? null },
          },
        });
        return row.guid;
      });
      return presentReport(db, await findReport(db, tenant.clientId, guid));
    },

    async get(tenant: Tenant, reportGuid: string) {
      return presentReport(
        db,
        await findReport(db, tenant.clientId, reportGuid, await visibleReports(db, tenant)),
      );
    },

    /** Edits fields; `status` only moves forward here (back is move-back, with its reason). */
    async patch(tenant: Tenant, userId: number, reportGuid: string, body: PatchReportRequest) {
      const found = await findReport(db, tenant.clientId, reportGuid);
      const row = found.report;
      if (body.status !== undefined && statusRank(body.status) < statusRank(row.status)) {
        throw invalid('status', 'A report moves back only through move-back, with a reason.');
      }
      const entityId = body.entity === undefined ? row.entityId : await entityIdFor(db, tenant, body.entity);
      const next = {
        name: body.name ?? row.name,
        notes: body.notes ?? row.notes,
        entityId,
        periodYear: body.period_year ?? row.periodYear,
        periodMonth: body.period_month === undefined ? row.periodMonth : body.period_month,
        status: body.status ?? row.status,
      };
      const changes: FieldChanges = {};
      const pairs: [string, unknown, unknown][] = [
        ['name', row.name, next.name],
        ['notes', row.notes, next.notes],
        ['period_year', row.periodYear, next.periodYear],
        ['period_month', row.periodMonth, next.periodMonth],
        ['status', row.status, next.status],
      ];
      for (const [field, before, after] of pairs) if (before !== after) changes[field] = { before, after };
      if (row.entityId !== entityId) {
        const guids = await entityGuidsOf(db, [row.entityId, entityId]);
        changes.entity = {
          before: row.entityId === null ? null : (guids.get(row.entityId) ?? null),
          after: entityId === null ? null : (guids.get(entityId) ?? null),
        };
      }
      if (Object.keys(changes).length > 0) {
        const at = now();
        await db.transaction(async (tx) => {
          await tx
            .update(reports)
            .set({ ...next, updatedAt: at })
            .where(eq(reports.id, row.id));
          const fields = Object.keys(changes).filter((f) => f !== 'status');
          if (fields.length > 0)
            await recordReportEvent(tx, row.id, 'updated', fields.join(', '), userId, at);
          if (changes.status) {
            await recordReportEvent(
              tx,
              row.id,
              'status_changed',
              `${row.status} → ${next.status}`,
              userId,
              at,
            );
          }
          await auditWrite(tx, tenant, {
            action: 'report_updated',
            objectType: 'report',
            objectGuid: row.guid,
            changes,
          });
        });
      }
      return presentReport(db, await findReport(db, tenant.clientId, reportGuid));
    },

    /** One status back (sent → ready → draft), with the reason in the history. */
    async moveBack(tenant: Tenant, userId: number, reportGuid: string, reason: string) {
      const { report: row } = await findReport(db, tenant.clientId, reportGuid);
      const rank = statusRank(row.status);
      const previous = REPORT_STATUSES[rank - 1];
      if (previous === undefined)
        throw conflict('A draft report cannot move back further.', 'report_is_draft');
      const at = now();
      await db.transaction(async (tx) => {
        // Only from the status read: a concurrent move finds nothing to update and is refused.
        const moved = await tx
          .update(reports)
          .set({ status: previous, updatedAt: at })
          .where(and(eq(reports.id, row.id), eq(reports.status, row.status)))
          .returning({ status: reports.status });
        if (moved.length === 0) throw conflict('The report changed meanwhile. Reload it and try again.');
        await recordReportEvent(
          tx,
          row.id,
          'moved_back',
          `${row.status} → ${previous}: ${reason}`,
          userId,
          at,
        );
        await auditWrite(tx, tenant, {
          action: 'report_moved_back',
          objectType: 'report',
          objectGuid: row.guid,
          changes: {
            status: { before: row.status, after: previous },
            reason: { before: null, after: reason },
          },
        });
      });
      return presentReport(db, await findReport(db, tenant.clientId, reportGuid));
    },

    /** Newest first. */
    async history(tenant: Tenant, reportGuid: string, query: PageQuery) {
      const visible = await visibleReports(db, tenant);
      const { report: row } = await findReport(db, tenant.clientId, reportGuid, visible);
      const where = eq(reportEvents.reportId, row.id);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(reportEvents).where(where);
      const rows = await db
        .select({
          event: reportEvents,
          by: { guid: userList.guid, first_name: userList.firstName, last_name: userList.lastName },
        })
        .from(reportEvents)
        .leftJoin(userList, eq(userList.id, reportEvents.userId))
        .where(where)
        .orderBy(desc(reportEvents.id))
        .limit(limit)
        .offset(offset);
      const results = rows.map(
        ({ event, by }): ReportEvent => ({
          guid: event.guid,
          kind: event.kind,
          detail: event.detail,
          by,
          created_on: event.createdAt.toISOString(),
        }),
      );
      return { count: total?.n ?? 0, results };
    },
  };
}
