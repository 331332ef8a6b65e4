import type {
  CreateParentVendorRequest,
  ParentVendor,
  ParentVendorSummary,
  PatchParentVendorRequest,
} from '@bp/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { peopleById } from '../bill-core/index.ts';
import { maskTaxId, planPatch, vendorList } from '../entities/index.ts';
import { changedPaymentDetails, FIELD_NAMES } from './entity-vendor-hook.ts';
import { notFound } from './errors.ts';
import { lastScreening, recordVendorEvent } from './history.ts';
import { vendorsOfParent } from './master-vendors.ts';
import { screenVendorName } from './screening.ts';
import { parentVendors, vendorEvents } from './tables.ts';

export type ParentVendorRow = typeof parentVendors.$inferSelect;
type Ctx = ServiceContext<OrganizationScope>;

const COLUMNS = {
  name: 'name',
  addr1: 'addr1',
  addr2: 'addr2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country: 'country',
  email: 'email',
  primary_phone: 'primaryPhone',
  tax_id_number: 'taxIdNumber',
  is_active: 'isActive',
} as const;
/** A parent vendor's payment details: where checks go and the number call-backs use. */
const PAYMENT_FIELDS = ['addr1', 'addr2', 'city', 'state', 'postalCode', 'country', 'primaryPhone'] as const;

/** Linked vendors still active, per parent vendor: a correlated count PostgreSQL runs per listed row. */
const vendorCount = sql<number>`(select count(*)::int from ${vendorList} where ${vendorList.parentVendorId} = ${parentVendors.id} and ${vendorList.isActive})`;

function summary(row: ParentVendorRow, vendors: number): ParentVendorSummary {
  return {
    guid: row.guid,
    name: row.name,
    tax_id_number: maskTaxId(row.taxIdNumber),
    city: row.city,
    state: row.state,
    primary_phone: row.primaryPhone,
    is_active: row.isActive,
    verification_status: row.verificationStatus,
    vendor_count: vendors,
    created_on: row.createdAt.toISOString(),
  };
}

/** A parent vendor of the organisation, or 404 (another organisation's too: no existence leak). */
export async function findParentVendor(db: DbOrTx, organizationId: number, guid: string, lock = false) {
  const query = db
    .select()
    .from(parentVendors)
    .where(and(eq(parentVendors.guid, guid), eq(parentVendors.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function presentParentVendor(db: DbOrTx, row: ParentVendorRow): Promise<ParentVendor> {
  const vendors = await vendorsOfParent(db, row.organizationId, row.id);
  const [merged] =
    row.mergedIntoId === null
      ? []
      : await db
          .select({ guid: parentVendors.guid, name: parentVendors.name })
          .from(parentVendors)
          .where(eq(parentVendors.id, row.mergedIntoId));
  const people = await peopleById(db, [row.detailsChangedByUserId]);
  return {
    ...summary(row, vendors.filter((v) => v.is_active).length),
    // Staff of the organisation read the whole tax id on the parent vendor's own page.
    tax_id_number: row.taxIdNumber,
    addr1: row.addr1,
    addr2: row.addr2,
    postal_code: row.postalCode,
    country: row.country,
    email: row.email,
    merged_into: merged ?? null,
    pending_change:
      row.verificationStatus === 'verification_required' && row.detailsChangedAt
        ? {
            changed_on: row.detailsChangedAt.toISOString(),
            changed_by:
              row.detailsChangedByUserId === null ? null : (people.get(row.detailsChangedByUserId) ?? null),
          }
        : null,
    sanctions: await lastScreening(db, eq(vendorEvents.parentVendorId, row.id)),
    vendors,
  };
}

/** Parent vendors: list, create, read, update (deactivate and reactivate are updates of is_active). */
export function parentVendorService(db: Db) {
  return {
    async list(
      organizationId: number,
      query: {
        page: number;
        page_size: number;
        ordering?: string | undefined;
        search?: string | undefined;
        is_active?: boolean | undefined;
        verification_status?: 'verified' | 'verification_required' | undefined;
      },
    ) {
      const conditions: (SQL | undefined)[] = [
        eq(parentVendors.organizationId, organizationId),
        eq(parentVendors.isActive, query.is_active ?? true),
        containsAny(query.search, [parentVendors.name, parentVendors.city, parentVendors.taxIdNumber]),
      ];
      if (query.verification_status) {
        conditions.push(eq(parentVendors.verificationStatus, query.verification_status));
      }
      const where = and(...conditions);
      const order = parseOrdering(query.ordering, ['name', 'created_on', 'vendor_count'] as const, {
        field: 'name',
        desc: false,
      });
      const column = {
        name: parentVendors.name,
        created_on: parentVendors.createdAt,
        vendor_count: vendorCount,
      }[order.field];
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(parentVendors).where(where);
      const rows = await db
        .select({ row: parentVendors, vendors: vendorCount })
        .from(parentVendors)
        .where(where)
        .orderBy(order.desc ? desc(column) : asc(column), asc(parentVendors.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows.map((r) => summary(r.row, r.vendors)) };
    },

    async get(organizationId: number, guid: string) {
      return presentParentVendor(db, await findParentVendor(db, organizationId, guid));
    },

    async create(ctx: Ctx, input: CreateParentVendorRequest) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(parentVendors)
          .values({
            organizationId: ctx.scope.id,
            name: input.name,
            taxIdNumber: input.tax_id_number ?? null,
            addr1: input.addr1 ?? null,
            addr2: input.addr2 ?? null,
            city: input.city ?? null,
            state: input.state ?? null,
            postalCode: input.postal_code ?? null,
            country: input.country ?? null,
            email: input.email ?? null,
            primaryPhone: input.primary_phone ?? null,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning();
        if (!row) throw new Error('parent vendor insert returned nothing');
        const subject = { organizationId: ctx.scope.id, parentVendorId: row.id };
        await recordVendorEvent(tx, { ...subject, kind: 'created', userId: ctx.userId, at: ctx.now });
        await screenVendorName(tx, subject, row.name, ctx.userId, ctx.now);
        await recordAudit(tx, ctx.actor, {
          action: 'parent_vendor_created',
          objectType: 'parent_vendor',
          objectGuid: row.guid,
          organizationId: ctx.scope.id,
          changes: { name: { before: null, after: row.name } },
        });
        return presentParentVendor(tx, row);
      });
    },

    async patch(ctx: Ctx, guid: string, input: PatchParentVendorRequest) {
      return db.transaction(async (tx) => {
        const row = await findParentVendor(tx, ctx.scope.id, guid, true);
        const shown = {
          name: row.name,
          addr1: row.addr1,
          addr2: row.addr2,
          city: row.city,
          state: row.state,
          postal_code: row.postalCode,
          country: row.country,
          email: row.email,
          primary_phone: row.primaryPhone,
          tax_id_number: row.taxIdNumber,
          is_active: row.isActive,
        };
        const plan = planPatch(COLUMNS, shown, input);
        if (Object.keys(plan.set).length === 0) return presentParentVendor(tx, row);
        const [after] = await tx
          .update(parentVendors)
          .set({ ...plan.set, updatedAt: ctx.now })
          .where(eq(parentVendors.id, row.id))
          .returning();
        if (!after) throw notFound();
        const subject = { organizationId: ctx.scope.id, parentVendorId: row.id };
        const payment = changedPaymentDetails(row, after, PAYMENT_FIELDS);
        if (payment.length > 0) {
          await tx
            .update(parentVendors)
            .set({
              verificationStatus: 'verification_required',
              detailsChangedByUserId: ctx.userId,
              detailsChangedAt: ctx.now,
            })
            .where(eq(parentVendors.id, row.id));
          await recordVendorEvent(tx, {
            ...subject,
            kind: 'payment_details_changed',
            userId: ctx.userId,
            at: ctx.now,
            details: {
              fields: payment.map((f) => FIELD_NAMES[f]),
              before: Object.fromEntries(payment.map((f) => [FIELD_NAMES[f], row[f]])),
              after: Object.fromEntries(payment.map((f) => [FIELD_NAMES[f], after[f]])),
            },
          });
        }
        if (row.isActive !== after.isActive) {
          await recordVendorEvent(tx, {
            ...subject,
            kind: after.isActive ? 'reactivated' : 'deactivated',
            userId: ctx.userId,
            at: ctx.now,
          });
        }
        const others = Object.keys(plan.changes).filter(
          (f) => f !== 'is_active' && !payment.includes(COLUMNS[f as keyof typeof COLUMNS] as never),
        );
        if (others.length > 0) {
          await recordVendorEvent(tx, {
            ...subject,
            kind: 'updated',
            userId: ctx.userId,
            at: ctx.now,
            details: { fields: others },
          });
        }
        if (row.name !== after.name) await screenVendorName(tx, subject, after.name, ctx.userId, ctx.now);
        const tax = plan.changes.tax_id_number;
        await recordAudit(tx, ctx.actor, {
          action: 'parent_vendor_updated',
          objectType: 'parent_vendor',
          objectGuid: row.guid,
          organizationId: ctx.scope.id,
          changes: tax
            ? {
                ...plan.changes,
                tax_id_number: {
                  before: maskTaxId(tax.before as string | null),
                  after: maskTaxId(tax.after as string | null),
                },
              }
            : plan.changes,
        });
        const [fresh] = await tx.select().from(parentVendors).where(eq(parentVendors.id, row.id));
        return presentParentVendor(tx, fresh ?? after);
      });
    },
  };
}
