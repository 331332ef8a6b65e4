import type { Database } from '../../apps/api/src/platform/db.ts';
import type { RawDb } from './raw-db.ts';
import { clientListSql } from './sql.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

export interface PlanReport {
  label: string;
  sql: string;
  /** Nodes top-down, e.g. "Limit > Incremental Sort > Index Scan using clients_org_name_idx on clients". */
  shape: string;
  seqScanOnClients: boolean;
  indexes: string[];
  /** Median of EXPLAIN ANALYZE's execution time over a few runs. */
  executionMs: number;
}

export interface ExplainReport {
  plans: PlanReport[];
  deepPage: number;
  /** SQL time of the deep page over the first page: the page query alone. */
  deepOverFirst: number;
  /** The same with the count each page request also runs. */
  deepOverFirstWithCount: number;
  /** The search with a pg_trgm GIN index, tried on the throwaway database only. */
  trigram: { tried: false; reason: string } | { tried: true; index: string; plans: PlanReport[] };
}

function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

/** "Index Scan using clients_org_name_idx on clients", "Seq Scan on client_referrers", "Sort". */
function describe(node: PlanNode): string {
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  return `${node['Node Type']}${using}${on}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Result rows of EXPLAIN (FORMAT JSON) come back as parsed JSON or as text, depending on the driver. */
function planOf(rows: Record<string, unknown>[]): { Plan: PlanNode; 'Execution Time'?: number } {
  const cell = rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  return first as { Plan: PlanNode; 'Execution Time'?: number };
}

async function explain(
  raw: RawDb,
  label: string,
  text: string,
  params: unknown[],
  runs = 5,
): Promise<PlanReport> {
  const { Plan } = planOf(await raw.query(`EXPLAIN (FORMAT JSON) ${text}`, params));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const analyzed = planOf(await raw.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params));
    times.push(analyzed['Execution Time'] ?? Number.NaN);
  }
  const nodes = walk(Plan);
  return {
    label,
    sql: text,
    shape: nodes.map(describe).join(' > '),
    seqScanOnClients: nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'clients'),
    indexes: [...new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))],
    executionMs: median(times),
  };
}

async function listPlans(raw: RawDb, organizationId: number, deepPage: number, search: string) {
  const first = clientListSql(organizationId, { limit: 10, offset: 0 });
  const deep = clientListSql(organizationId, { limit: 10, offset: (deepPage - 1) * 10 });
  const found = clientListSql(organizationId, { limit: 10, offset: 0 }, search);
  return {
    count: await explain(raw, 'count', first.count.text, first.count.params),
    first: await explain(raw, 'page 1', first.page.text, first.page.params),
    deep: await explain(raw, `page ${deepPage}`, deep.page.text, deep.page.params),
    searchCount: await explain(raw, 'search count', found.count.text, found.count.params),
    searchPage: await explain(raw, 'search page 1', found.page.text, found.page.params),
  };
}

/**
 * EXPLAIN of the client list's statements (count, first page, a deep page, a search by name), then, on
 * PostgreSQL, the same search with the trigram index the report proposes (created in the run's own
 * throwaway database, after all load runs).
 */
export async function explainClientList(
  raw: RawDb,
  kind: Database['kind'],
  options: { organizationId: number; deepPage: number; search: string },
): Promise<ExplainReport> {
  const base = await listPlans(raw, options.organizationId, options.deepPage, options.search);
  const report: ExplainReport = {
    plans: Object.values(base),
    deepPage: options.deepPage,
    deepOverFirst: base.deep.executionMs / base.first.executionMs,
    deepOverFirstWithCount:
      (base.count.executionMs + base.deep.executionMs) / (base.count.executionMs + base.first.executionMs),
    trigram: {
      tried: false,
      reason: 'PGlite here runs without the pg_trgm extension (openDatabase loads none).',
    },
  };
  if (kind !== 'postgres') return report;
  const index = 'bench_clients_name_trgm_idx';
  try {
    await raw.query('create extension if not exists pg_trgm');
    await raw.query(`create index ${index} on "clients" using gin ("name" gin_trgm_ops)`);
    await raw.query('analyze "clients"');
  } catch (error) {
    report.trigram = { tried: false, reason: error instanceof Error ? error.message : String(error) };
    return report;
  }
  const found = clientListSql(options.organizationId, { limit: 10, offset: 0 }, options.search);
  report.trigram = {
    tried: true,
    index: `create index ${index} on clients using gin (name gin_trgm_ops)`,
    plans: [
      await explain(raw, 'search count + trgm', found.count.text, found.count.params),
      await explain(raw, 'search page 1 + trgm', found.page.text, found.page.params),
    ],
  };
  await raw.query(`drop index ${index}`);
  return report;
}
