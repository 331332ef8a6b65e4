import { COMMITMENT_ORDERING, type Commitment, type CommitmentListQuery } from '@bp/contracts';
import { filterValue } from '@bp/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ClientScope } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { pageWindow, parseOrdering } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { clientList } from '../clients/index.ts';
import { entityList, vendorList } from '../entities/index.ts';
import { selectCommitments, toCommitment } from './commitment-presenter.ts';
import { clientUserCommitmentConditions } from './commitment-visibility.ts';
import { notFound } from './errors.ts';
import { commitmentInstances, commitments } from './tables.ts';

/**
 * next_due_date ordering: the first generated instance due today or later. Commitments without one
 * (ended, archived) sort last.
 */
const nextDue = (today: string) =>
  sql`(select min(${commitmentInstances.dueDate}) from ${commitmentInstances}
    where ${commitmentInstances.commitmentId} = ${commitments.id} and ${commitmentInstances.dueDate} >= ${today})`;

function filterConditions(query: CommitmentListQuery): SQL[] {
  const conditions: (SQL | undefined)[] = [
    query.archived ? isNotNull(commitments.archivedAt) : isNull(commitments.archivedAt),
  ];
  const client = filterValue(query.client);
  if (client)
    conditions.push(
      inArray(
        commitments.clientId,
        sql`(select ${clientList.id} from ${clientList} where ${clientList.guid} = ${client})`,
      ),
    );
  const entity = filterValue(query.entity);
  if (entity)
    conditions.push(
      inArray(
        commitments.entityId,
        sql`(select ${entityList.id} from ${entityList} where ${entityList.guid} = ${entity})`,
      ),
    );
  if (query.category) conditions.push(eq(commitments.category, query.category));
  if (query.frequency) conditions.push(eq(commitments.frequency, query.frequency));
  const term = query.search?.trim();
  if (term) conditions.push(or(containsAny(term, [vendorList.name, commitments.memo])));
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** One page of commitments within `tenant` matching the query. */
async function pageOfCommitments(
  db: DbOrTx,
  tenant: SQL[],
  query: CommitmentListQuery,
  today: string,
): Promise<{ count: number; results: Commitment[] }> {
  const where = and(...tenant, ...filterConditions(query));
  const order = parseOrdering(query.ordering, COMMITMENT_ORDERING, { field: 'created_on', desc: true });
  const columns = {
    next_due_date: nextDue(today),
    created_on: commitments.createdAt,
    vendor: vendorList.name,
    expected_amount: commitments.expectedAmount,
    category: commitments.category,
  } as const;
  const column = columns[order.field];
  const direction = order.desc ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const [total] = await db
    .select({ n: count() })
    .from(commitments)
    .innerJoin(vendorList, eq(vendorList.id, commitments.vendorId))
    .where(where);
  const rows = await selectCommitments(db)
    .where(where)
    .orderBy(
      order.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
      direction(commitments.id),
    )
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map((r) => toCommitment(r, today)) };
}

/** A client's commitments, as its staff or (within their limits) its own users see them. */
export async function listClientCommitments(
  db: DbOrTx,
  scope: ClientScope,
  query: CommitmentListQuery,
  today: string,
) {
  const tenant = [eq(commitments.clientId, scope.id), ...(await clientUserCommitmentConditions(db, scope))];
  return pageOfCommitments(db, tenant, { ...query, client: undefined }, today);
}

/** The organisation's commitments across its clients ('all-clients' / 'all-entities' = no filter). */
export async function listOrganizationCommitments(
  db: DbOrTx,
  organizationId: number,
  query: CommitmentListQuery,
  today: string,
) {
  return pageOfCommitments(db, [eq(commitments.organizationId, organizationId)], query, today);
}

/**
 * The organisation's commitment `id` (any of its clients, archived included), or 404: another
 * organisation's id is not found (no existence leak). Staff only (organisation policy).
 */
export async function findOrganizationCommitment(
  db: DbOrTx,
  organizationId: number,
  id: number,
  today: string,
): Promise<Commitment> {
  const [row] = await selectCommitments(db).where(
    and(eq(commitments.id, id), eq(commitments.organizationId, organizationId)),
  );
  if (!row) throw notFound();
  return toCommitment(row, today);
}
