import type { FieldChanges } from './tables.ts';

/**
 * The changes of a newly created object: every field from null to its value (diffFields would leave
 * `before` undefined, which JSON drops). Fields without a value are left out.
 */
export function createdFields(after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    changes[field] = { before: null, after: value };
  }
  return changes;
}

/** The changes of a deleted object: every field from its value to null. */
export function deletedFields(before: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(before)) {
    if (value === undefined || value === null) continue;
    changes[field] = { before: value, after: null };
  }
  return changes;
}
