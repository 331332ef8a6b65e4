/**
 * Entity updates send only the fields that changed (SPEC §5).
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Structural equality for form values: primitives by `Object.is` except that 0 equals -0,
 * arrays element-wise, plain objects key-wise, Dates by instant. Other objects by identity.
 */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => isSameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && isSameValue(a[key], b[key]))
    );
  }
  return false;
}

/**
 * The fields of `after` whose value differs from `before` (structurally, see {@link isSameValue}).
 * A key missing from `before` counts as `undefined`. Keys only in `before` are not reported:
 * the result is what to send in a PATCH, and a field the form does not hold is left alone.
 * `null` and `undefined` differ (clearing a field to null is a change).
 *
 * @example changedFields({a: 1, b: 'x'}, {a: 1, b: 'y'}) // → {b: 'y'}
 */
export function changedFields<T extends object>(before: object, after: T): Partial<T> {
  const previous = before as Record<PropertyKey, unknown>;
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const old = Object.hasOwn(previous, key) ? previous[key] : undefined;
    if (!isSameValue(old, after[key])) changes[key] = after[key];
  }
  return changes;
}

/** True when `changedFields(before, after)` is not empty: there is something to send. */
export function hasChanges<T extends object>(before: object, after: T): boolean {
  return Object.keys(changedFields(before, after)).length > 0;
}
