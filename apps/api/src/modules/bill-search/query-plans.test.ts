import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationScope } from '../../platform/access.ts';
import { keysetWindow } from '../../platform/keyset.ts';
import { useTestApp } from '../../test/build-test-app.ts';
import { byPaidDateQuery, metricsQueries } from './metrics.ts';
import { type BillScope, clientBillScope, organizationBillScope } from './scope.ts';
import {
  type SearchFilters,
  searchCountQuery,
  searchOrdering,
  searchPageQuery,
  searchShapeOf,
} from './search.ts';
import { billKit } from './test-support.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The plans PostgreSQL picks for this module's queries on a few thousand bills, of which one
 * organisation holds a small share (as each of many organisations would): none may read the whole
 * bills table. Plans only, never timings; the load figures come from bench/.
 */
describe.skipIf(!process.env.DATABASE_URL)('bill search query plans (postgres)', () => {
  const t = useTestApp('postgres');
  const kit = billKit(t);
  let client: pg.Client;
  let orgScope: BillScope;
  let harperScope: BillScope;

  /**
   * The plan of a drizzle query exactly as the app sends it: the same SQL and parameters, its
   * placeholders filled from `values` (statements built once per shape run unnamed, each run planned for
   * its own values: platform/prepared.ts).
   */
  async function plan(
    query: { toSQL(): { sql: string; params: unknown[] } },
    values: Record<string, unknown> = {},
  ): Promise<PlanNode[]> {
    const { sql, params } = query.toSQL();
    const res = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, fillPlaceholders(params, values));
    const [doc] = res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
    if (!doc) throw new Error('no plan');
    return show(sql, nodesOf(doc.Plan));
  }
  function show(sql: string, nodes: PlanNode[]): PlanNode[] {
    if (process.env.SHOW_PLANS)
      console.log(
        sql,
        '\n ',
        nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`).join(' | '),
      );
    return nodes;
  }
  /** The search's page (with its count) and count statements for `filters` and a page window. */
  const search = (
    scope: BillScope,
    filters: SearchFilters,
    page: { page?: number; cursor?: string } = {},
  ) => {
    const window = keysetWindow({ page: 1, page_size: 10, ...page }, searchOrdering(filters.ordering));
    const { shape, values } = searchShapeOf(scope, filters, window);
    return {
      page: [searchPageQuery(t.deps.database.db, shape, { withCount: true }), values] as const,
      count: [searchCountQuery(t.deps.database.db, shape), { ...values, up_to: 1001 }] as const,
    };
  };
  const seqScansOnBills = (nodes: PlanNode[]) =>
    nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'bills');
  const billsIndexes = (nodes: PlanNode[]) =>
    nodes.filter((n) => n['Relation Name'] === 'bills' && n['Index Name']).map((n) => n['Index Name']);

  beforeAll(async () => {
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    const harper = await kit.demoClient('Harper Household');
    const brennan = await kit.demoClient('Brennan Family');
    // 250 bills for Harper (Demo Family Office), 4,750 for Brennan (Second Org), all twelve statuses,
    // a year of due dates, paid bills with a paid date; eight lines each, one line in forty about gardening.
    const load = `
      INSERT INTO bills (organization_id, client_id, entity_id, vendor_id, amount, due_date, invoice_number,
                         payment_method, invoice_source, status, paid_date, created_at)
      SELECT c.organization_id, c.id, e.id, v.id, (g * 7919) % 1000000 + 100,
             date '2026-01-01' + (g % 365), 'INV-' || g, 'ach', 'online',
             (ARRAY['pre_bill','client_approval','client_pre_approval','verbal_approval','org_approval',
                    'poa_approval','payment_pending','paid','rejected','changes_required',
                    'needs_2nd_approval','ofac_approval'])[1 + g % 12],
             CASE WHEN g % 12 = 7 THEN date '2026-01-01' + (g % 330) END,
             timestamptz '2026-01-01' + g * interval '1 minute'
      FROM generate_series(1, $2::int) g
      JOIN clients c ON c.id = $1
      JOIN LATERAL (SELECT id FROM entities WHERE client_id = c.id ORDER BY id LIMIT 1) e ON true
      JOIN LATERAL (SELECT id FROM vendors WHERE entity_id = e.id ORDER BY id LIMIT 1) v ON true`;
    await client.query(load, [harper.client.id, 250]);
    await client.query(load, [brennan.client.id, 4750]);
    await client.query(`
      INSERT INTO bill_lines (bill_id, organization_id, account_id, memo, amount, position)
      SELECT b.id, b.organization_id, (SELECT id FROM accounts ORDER BY id LIMIT 1),
             CASE WHEN (b.id + p) % 40 = 0 THEN 'Gardening, visit ' ELSE 'Line ' || p || ' of bill ' END || b.id,
             CASE WHEN p = 0 THEN b.amount ELSE 0 END, p
      FROM bills b CROSS JOIN generate_series(0, 7) p
      WHERE NOT EXISTS (SELECT 1 FROM bill_lines l WHERE l.bill_id = b.id)`);
    await client.query('ANALYZE');

    const organization = { id: harper.client.organizationId } as OrganizationScope;
    orgScope = await organizationBillScope(t.deps.database.db, organization, {});
    harperScope = await clientBillScope(
      t.deps.database.db,
      {
        id: harper.client.id,
        guid: harper.client.guid,
        name: harper.client.name,
        organizationId: harper.client.organizationId,
        archived: false,
        via: 'staff',
        organization: null,
        clientUserId: null,
        clientRole: null,
      },
      {},
    );
  });
  afterAll(() => client?.end());

  it('serves the organisation advanced search with a status filter, page and count, from bills indexes', async () => {
    const filters = { status: ['org_approval' as const] };
    for (const [query, values] of [
      search(orgScope, filters).page,
      search(orgScope, { ...filters, ordering: 'due_date' }, { page: 2 }).page,
      search(orgScope, filters).count,
      search(orgScope, { status: ['org_approval', 'paid'] }).page,
    ]) {
      const nodes = await plan(query, values);
      expect(seqScansOnBills(nodes), query.toSQL().sql).toEqual([]);
      expect(billsIndexes(nodes).length, query.toSQL().sql).toBeGreaterThan(0);
    }
  });

  it('seeks a page by cursor in the ordering index, every ordering both ways', async () => {
    const filters = { status: ['org_approval' as const] };
    for (const ordering of ['due_date', '-due_date', 'amount', '-amount', 'created_on', '-created_on']) {
      const order = searchOrdering(ordering);
      const key = { due_date: '2026-06-01', amount: 5000, created_on: '2026-01-03T00:00:00.000000' }[
        ordering.replace('-', '') as 'due_date'
      ];
      for (const before of [false, true]) {
        const cursor = Buffer.from(
          JSON.stringify({ o: order.name, k: key, i: 1000, ...(before ? { b: 1 } : {}) }),
        ).toString('base64url');
        const [query, values] = search(orgScope, { ...filters, ordering }, { page: 5, cursor }).page;
        const nodes = await plan(query, values);
        expect(seqScansOnBills(nodes), query.toSQL().sql).toEqual([]);
        // The seek is an index condition, not a filter over the organisation's whole range.
        expect(JSON.stringify(nodes), query.toSQL().sql).toMatch(
          /"Index Cond":"[^"]*ROW\(\w+, id\) [<>] ROW/,
        );
      }
    }
  });

  it('finds memos through the organisation-led trigram index, for the organisation and for a client', async () => {
    for (const scope of [orgScope, harperScope]) {
      for (const [query, values] of [
        search(scope, { memo: 'gardening' }).count,
        search(scope, { memo: 'gardening' }).page,
      ]) {
        const nodes = await plan(query, values);
        const lineIndexes = nodes
          .filter((n) => n['Relation Name'] === 'bill_lines' || n['Index Name']?.startsWith('bill_lines'))
          .map((n) => n['Index Name']);
        expect(lineIndexes, query.toSQL().sql).toContain('bill_lines_org_memo_trgm_idx');
        expect(seqScansOnBills(nodes), query.toSQL().sql).toEqual([]);
      }
    }
  });

  it('serves summary metrics and by-paid-date from bills indexes, for the organisation and for a client', async () => {
    const { db } = t.deps.database;
    for (const scope of [orgScope, harperScope]) {
      const metrics = metricsQueries(db, scope, '2026-06-15');
      for (const query of [
        metrics.byStatus,
        metrics.dueAndOverdue,
        metrics.paidThisMonth,
        byPaidDateQuery(db, scope, '2026-01-01', '2026-12-31'),
      ]) {
        const nodes = await plan(query);
        expect(seqScansOnBills(nodes), query.toSQL().sql).toEqual([]);
      }
    }
  });
});
