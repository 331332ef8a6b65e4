import type { CapturedStatement } from '../capture.ts';
import { normalizeSql } from '../capture.ts';
import type { RawDb } from '../raw-db.ts';
import { replayable } from './replay-baseline.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Tables that grow with the bills: a sequential scan on one of them is a finding. */
export const BIG_TABLES = [
  'bills',
  'bill_lines',
  'bill_events',
  'bill_messages',
  'bill_message_receipts',
  'bill_approvals',
  'tasks',
  'audit_records',
  // the workflow benchmark's (issue 14)
  'reconciliations',
];

export interface StatementPlan {
  sql: string;
  /** "Limit > Index Scan using bills_org_status_due_idx on bills", top-down. */
  shape: string;
  seqScans: string[];
  /** EXPLAIN ANALYZE execution time (reads only; writes are explained without running them). */
  executionMs: number | null;
}

function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

const describe = (node: PlanNode) =>
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;

function planOf(rows: Record<string, unknown>[]): { Plan: PlanNode; 'Execution Time'?: number } {
  const cell = rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  return (Array.isArray(parsed) ? parsed[0] : parsed) as { Plan: PlanNode; 'Execution Time'?: number };
}

/**
 * EXPLAINs every statement a route sent (with its recorded parameters): reads with ANALYZE (they
 * run), writes without (nothing changes). Statements on small tables are listed too; the report
 * flags sequential scans on the tables that grow with the bills.
 */
export async function explainStatements(
  raw: RawDb,
  statements: CapturedStatement[],
): Promise<StatementPlan[]> {
  const plans: StatementPlan[] = [];
  // Savepoints frame nested transactions; they have no plan.
  for (const s of replayable(statements).filter((x) => !/^\s*(savepoint|release)\b/i.test(x.text))) {
    const isRead = /^\s*(select|with)\b/i.test(s.text) && !/\bfor update\b/i.test(s.text);
    const rows = await raw.query(
      `explain (${isRead ? 'analyze, ' : ''}format json) ${s.text}`,
      s.params as unknown[],
    );
    const plan = planOf(rows);
    const nodes = walk(plan.Plan);
    plans.push({
      sql: normalizeSql(s.text),
      shape: nodes
        .map(describe)
        .filter((d, i) => i < 6 || d.includes(' on '))
        .join(' > '),
      seqScans: nodes
        .filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? ''))
        .map((n) => n['Relation Name'] as string),
      executionMs: isRead ? (plan['Execution Time'] ?? null) : null,
    });
  }
  return plans;
}
