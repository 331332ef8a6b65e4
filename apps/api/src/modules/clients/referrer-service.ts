import type {
  ClientReferrerDetail,
  createClientReferrerRequest,
  PatchClientReferrerRequest,
} from '@bp/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ORG_ADMIN_ROLES } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { memberships } from '../organizations/index.ts';
import { forbidden, notFound } from './errors.ts';
import { editableBy, visibleToUser } from './referrer-repo.ts';
import { clientReferrers, clients } from './tables.ts';

type ReferrerRow = typeof clientReferrers.$inferSelect;
const UNUSED_REFERRER =
  'No client uses this referrer yet, so it belongs to no organization: only internal staff can edit it.';
type CreateInput = z.output<typeof createClientReferrerRequest>;

function toDetail(row: ReferrerRow): ClientReferrerDetail {
  return {
    guid: row.guid,
    name: row.name,
    white_label_enabled: row.whiteLabelEnabled,
    news_enabled: row.newsEnabled,
    explore_services_enabled: row.exploreServicesEnabled,
    options: row.options,
    created_on: row.createdAt.toISOString(),
  };
}

/** Objects with their keys sorted at every level, so JSONB's own key order never reads as a change. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Organisations the user administers (admin or super_admin), oldest membership first. */
async function adminOrganizations(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
        inArray(memberships.role, [...ORG_ADMIN_ROLES]),
      ),
    )
    .orderBy(asc(memberships.id));
  return rows.map((r) => r.organizationId);
}

/** Who edits: the user, and whether it is internal staff acting as itself (not masked). */
export interface ReferrerEditor {
  userId: number;
  internalStaff: boolean;
}

/**
 * The shared list of client referrers (advisors, family offices) and their white-label looks.
 * Staff see unused referrers and those of their organisations' clients. Internal staff add referrers and
 * edit unused ones; organisation admins edit those their clients use (decision 014).
 */
export function createReferrerService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  return {
    async list(userId: number, options: { window: PageWindow; search?: string | undefined }) {
      const where = and(visibleToUser(db, userId), containsAny(options.search, [clientReferrers.name]));
      const [total] = await db.select({ n: count() }).from(clientReferrers).where(where);
      const rows = await db
        .select()
        .from(clientReferrers)
        .where(where)
        .orderBy(asc(clientReferrers.name), asc(clientReferrers.id))
        .limit(options.window.limit)
        .offset(options.window.offset);
      return { count: total?.n ?? 0, results: rows.map(toDetail) };
    },

    /** Internal staff only (the route's policy). */
    async create(userId: number, input: CreateInput, actor: AuditActor): Promise<ClientReferrerDetail> {
      // Recorded in the history of the author's first administered organisation, when it has one.
      const [organizationId] = await adminOrganizations(db, userId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clientReferrers)
          .values({
            name: input.name,
            whiteLabelEnabled: input.white_label_enabled,
            newsEnabled: input.news_enabled,
            exploreServicesEnabled: input.explore_services_enabled,
            options: input.options,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error('referrer insert returned nothing');
        const detail = toDetail(row);
        const { guid: _guid, created_on: _created, ...fields } = detail;
        await recordAudit(tx, actor, {
          action: 'client_referrer_created',
          objectType: 'client_referrer',
          objectGuid: row.guid,
          organizationId: organizationId ?? null,
          changes: diffFields({}, fields),
        });
        return detail;
      });
    },

    /**
     * 404 unless the caller sees the referrer (unused, or referring a client of one of its organisations);
     * 403 when it sees but may not edit it: non-admins, and an unused referrer edited by anyone but staff.
     */
    async patch(
      editor: ReferrerEditor,
      referrerGuid: string,
      input: PatchClientReferrerRequest,
      actor: AuditActor,
    ): Promise<ClientReferrerDetail> {
      const adminOf = await adminOrganizations(db, editor.userId);
      if (adminOf.length === 0 && !editor.internalStaff)
        throw forbidden('Only organisation admins can edit client referrers.');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(clientReferrers)
          .where(and(eq(clientReferrers.guid, referrerGuid), editableBy(tx, editor, ORG_ADMIN_ROLES)))
          .for('update');
        if (!row) {
          const [seen] = await tx
            .select({ id: clientReferrers.id })
            .from(clientReferrers)
            .where(and(eq(clientReferrers.guid, referrerGuid), visibleToUser(tx, editor.userId)));
          if (seen) throw forbidden(UNUSED_REFERRER);
          throw notFound();
        }
        const before = toDetail(row);
        const changes = diffFields(
          { ...before, options: canonical(before.options) },
          { ...input, options: input.options === undefined ? undefined : canonical(input.options) },
        );
        if (Object.keys(changes).length === 0) return before;
        const [updated] = await tx
          .update(clientReferrers)
          .set({
            ...('name' in changes ? { name: input.name } : {}),
            ...('white_label_enabled' in changes ? { whiteLabelEnabled: input.white_label_enabled } : {}),
            ...('news_enabled' in changes ? { newsEnabled: input.news_enabled } : {}),
            ...('explore_services_enabled' in changes
              ? { exploreServicesEnabled: input.explore_services_enabled }
              : {}),
            ...('options' in changes && input.options ? { options: input.options } : {}),
          })
          .where(eq(clientReferrers.id, row.id))
          .returning();
        // Recorded against an administered organisation whose clients it refers, else the first one.
        const [referred] = await tx
          .select({ organizationId: clients.organizationId })
          .from(clients)
          .where(and(eq(clients.clientReferrerId, row.id), inArray(clients.organizationId, adminOf)))
          .limit(1);
        await recordAudit(tx, actor, {
          action: 'client_referrer_updated',
          objectType: 'client_referrer',
          objectGuid: row.guid,
          organizationId: referred?.organizationId ?? adminOf[0] ?? null,
          changes,
        });
        return toDetail(updated ?? row);
      });
    },
  };
}
