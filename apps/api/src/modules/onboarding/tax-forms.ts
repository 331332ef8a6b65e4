import type { CreateTaxFormRequest, PageQuery, TaxForm } from '@bp/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { requireEditor } from './checklist.ts';
import { notFound } from './errors.ts';
import { onboardingTaxForms } from './tables.ts';

type TaxFormRow = typeof onboardingTaxForms.$inferSelect;

const present = (row: TaxFormRow): TaxForm => ({
  guid: row.guid,
  form_type: row.formType,
  issuer: row.issuer,
  description: row.description,
  created_on: row.createdAt.toISOString(),
});

/** Other tax forms of a client (k_1, payroll, other): the records of the checklist's "other" step. */
export function createTaxFormService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant, query: PageQuery): Promise<{ count: number; results: TaxForm[] }> {
      const where = eq(onboardingTaxForms.clientId, tenant.clientId);
      const window = pageWindow(query);
      const rows = await db
        .select()
        .from(onboardingTaxForms)
        .where(where)
        .orderBy(desc(onboardingTaxForms.createdAt), desc(onboardingTaxForms.id))
        .limit(window.limit)
        .offset(window.offset);
      const [total] = await db.select({ n: count() }).from(onboardingTaxForms).where(where);
      return { count: total?.n ?? 0, results: rows.map(present) };
    },

    async create(tenant: Tenant, input: CreateTaxFormRequest): Promise<TaxForm> {
      await requireEditor(db, tenant);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(onboardingTaxForms)
          .values({
            clientId: tenant.clientId,
            formType: input.form_type,
            issuer: input.issuer,
            description: input.description ?? null,
          })
          .returning();
        if (!row) throw notFound();
        const created = present(row);
        await auditWrite(tx, tenant, {
          action: 'tax_form_created',
          objectType: 'tax_form',
          objectGuid: row.guid,
          changes: {
            form_type: { before: null, after: created.form_type },
            issuer: { before: null, after: created.issuer },
            description: { before: null, after: created.description },
          },
        });
        return created;
      });
    },

    async remove(tenant: Tenant, taxFormGuid: string): Promise<void> {
      await requireEditor(db, tenant);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(onboardingTaxForms)
          .where(
            and(eq(onboardingTaxForms.clientId, tenant.clientId), eq(onboardingTaxForms.guid, taxFormGuid)),
          )
          .returning();
        if (!row) throw notFound();
        await auditWrite(tx, tenant, {
          action: 'tax_form_deleted',
          objectType: 'tax_form',
          objectGuid: row.guid,
          changes: {
            form_type: { before: row.formType, after: null },
            issuer: { before: row.issuer, after: null },
          },
        });
      });
    },
  };
}
