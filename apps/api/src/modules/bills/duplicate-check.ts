import type { DuplicateCheckQuery, PossibleDuplicate } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { findPossibleDuplicates } from './duplicates.ts';

/**
 * The duplicate check the bill form runs before saving (new bill and convert): the client's bills the
 * one about to be saved may repeat. The vendor must be one of the client's (else 400, as the form's field).
 */
export async function duplicatesOf(
  db: DbOrTx,
  ctx: ServiceContext<ClientScope>,
  query: DuplicateCheckQuery,
): Promise<PossibleDuplicate[]> {
  const [vendor] = await db
    .select({ id: vendorList.id })
    .from(vendorList)
    .innerJoin(entityList, eq(entityList.id, vendorList.entityId))
    .where(and(eq(vendorList.guid, query.vendor), eq(entityList.clientId, ctx.scope.id)));
  if (!vendor) throw invalid('vendor', 'Choose a vendor of this client.');
  return findPossibleDuplicates(
    db,
    ctx.scope.id,
    {
      vendorId: vendor.id,
      amount: query.amount,
      invoiceNumber: query.invoice_number ?? null,
      invoiceDate: query.invoice_date ?? null,
    },
    ctx.today,
  );
}
