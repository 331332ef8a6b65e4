import type { UserFeature } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { userFeatures } from './tables.ts';

/** For other modules: does the user have this feature flag (SPEC §3 user features)? */
export async function userHasFeature(db: DbOrTx, userId: number, feature: UserFeature): Promise<boolean> {
  const [row] = await db
    .select({ id: userFeatures.id })
    .from(userFeatures)
    .where(and(eq(userFeatures.userId, userId), eq(userFeatures.featureName, feature)));
  return row !== undefined;
}
