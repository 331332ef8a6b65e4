import type { FieldChanges } from '../../platform/audit/tables.ts';

/** Structural equality of JSON-like values (what the audit trail would show as a change). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export interface PatchPlan {
  /** Changed API fields with their values before and after: what the audit record shows. */
  changes: FieldChanges;
  /** Columns to write: exactly those of the changed fields. */
  set: Record<string, unknown>;
}

/**
 * What a PATCH changes (SPEC §5: only the changed fields are saved): the API fields of `after` whose
 * value differs from `before`, and the columns to write for exactly those. `columns` maps API field →
 * column; `columnValues` gives the column value where it is not the API value itself (a guid resolved
 * to an id). Fields of `after` left undefined are not part of the request and are ignored.
 */
export function planPatch<F extends string>(
  columns: { [K in F]: string },
  before: { [K in NoInfer<F>]: unknown },
  after: { [K in NoInfer<F>]?: unknown },
  columnValues: { [K in NoInfer<F>]?: unknown } = {},
): PatchPlan {
  const changes: FieldChanges = {};
  const set: Record<string, unknown> = {};
  for (const field of Object.keys(columns) as F[]) {
    const value = after[field];
    if (value === undefined || same(before[field], value)) continue;
    changes[field] = { before: before[field] ?? null, after: value };
    set[columns[field]] = field in columnValues ? columnValues[field] : value;
  }
  return { changes, set };
}

export const hasChanges = (plan: PatchPlan) => Object.keys(plan.changes).length > 0;
