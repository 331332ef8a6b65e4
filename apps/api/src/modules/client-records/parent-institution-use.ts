import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { clientInstitutions } from './tables.ts';

/** Does any client institution point at this parent institution? (institutions refuses to delete it) */
export async function parentInstitutionInUse(tx: DbOrTx, parentInstitutionId: number): Promise<boolean> {
  const [used] = await tx
    .select({ id: clientInstitutions.id })
    .from(clientInstitutions)
    .where(eq(clientInstitutions.parentInstitutionId, parentInstitutionId))
    .limit(1);
  return used !== undefined;
}
