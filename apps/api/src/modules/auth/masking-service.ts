import type { MaskUser, PageQuery, TokenPair } from '@bp/contracts';
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { findActiveUserByGuid, userList } from '../users/index.ts';
import { sessionClaimsFor } from './claims.ts';
import { forbidden, notFound } from './errors.ts';

/** Internal staff acting as another user. The original identity rides in the token (`masked_by`). */
export function createMaskingService({
  database,
  tokens,
  now,
}: Pick<AppDeps, 'database' | 'tokens' | 'now'>) {
  const { db } = database;
  return {
    async mask(staffGuid: string, targetGuid: string, actor: AuditActor): Promise<TokenPair> {
      return db.transaction(async (tx) => {
        const target = await findActiveUserByGuid(tx, targetGuid);
        if (!target) throw notFound();
        if (target.staff) throw forbidden('Internal staff cannot be masked.');
        await recordAudit(tx, actor, { action: 'mask', objectType: 'user', objectGuid: target.guid });
        return tokens.issuePair(await sessionClaimsFor(tx, target, now(), staffGuid));
      });
    },

    async listMaskable(query: PageQuery): Promise<{ count: number; results: MaskUser[] }> {
      const conditions: SQL[] = [isNull(userList.staff), eq(userList.isActive, true)];
      const match = containsAny(query.search, [userList.email, userList.firstName, userList.lastName]);
      if (match) conditions.push(match);
      const where = and(...conditions);
      const { limit, offset } = pageWindow(query);
      const [total] = await db.select({ n: count() }).from(userList).where(where);
      const rows = await db
        .select({
          guid: userList.guid,
          email: userList.email,
          first_name: userList.firstName,
          last_name: userList.lastName,
          type: userList.type,
        })
        .from(userList)
        .where(where)
        .orderBy(asc(userList.lastName), asc(userList.firstName), asc(userList.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results: rows };
    },
  };
}
