import type { AccountTypeCatalogue } from '@bp/contracts';
import type { AccountFamily } from '@bp/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { readTogether } from '../../platform/read-together.ts';
import { bookAccountSubtypes, bookAccountTypes, bookDetailTypes } from './tables.ts';

/** The account type catalogue as the migration seeded it. */
export async function readCatalogue(db: DbOrTx): Promise<AccountTypeCatalogue> {
  const [types, subtypes, details] = await readTogether(db, [
    () => db.select().from(bookAccountTypes).orderBy(asc(bookAccountTypes.sortOrder)),
    () => db.select().from(bookAccountSubtypes).orderBy(asc(bookAccountSubtypes.sortOrder)),
    () => db.select().from(bookDetailTypes).orderBy(asc(bookDetailTypes.sortOrder)),
  ]);
  return {
    types: types.map((t) => ({ code: t.code as AccountFamily, name: t.name })),
    subtypes: subtypes.map((s) => ({ code: s.code, type: s.typeCode as AccountFamily, name: s.name })),
    detail_types: details.map((d) => ({ code: d.code, subtype: d.subtypeCode, name: d.name })),
  };
}

/** A subtype's family, and whether the detailed type (when given) belongs to it; null when unknown. */
export async function familyOfSubtype(
  db: DbOrTx,
  subtype: string,
  detailType: string | null,
): Promise<{ family: AccountFamily; detailOk: boolean } | null> {
  const [row] = await db
    .select({ family: bookAccountSubtypes.typeCode })
    .from(bookAccountSubtypes)
    .where(eq(bookAccountSubtypes.code, subtype));
  if (!row) return null;
  if (detailType === null) return { family: row.family as AccountFamily, detailOk: true };
  const [detail] = await db
    .select({ subtype: bookDetailTypes.subtypeCode })
    .from(bookDetailTypes)
    .where(eq(bookDetailTypes.code, detailType));
  return { family: row.family as AccountFamily, detailOk: detail?.subtype === subtype };
}
