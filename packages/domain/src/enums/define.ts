/**
 * Shared shape of every enumeration in this package: a `const` tuple of values (`FOO_VALUES`),
 * the union type of those values (`Foo`), and a label map (`FOO_LABELS`, value → display label).
 * The helpers below work on any of them, so there is one `labelOf` rather than one per enumeration.
 */

/** A complete value → display label map for the union `V`. */
export type LabelMap<V extends string> = Readonly<Record<V, string>>;

/** One entry of a select/dropdown. */
export interface Option<V extends string> {
  value: V;
  label: string;
}

/** Words shown in capitals when an unknown value is humanised. */
const ACRONYMS = new Set(['ach', 'eft', 'poa', 'ofac', 'it', 'cpa', 'dmv', 'gl', 'bp', 'foa', 'qbo', 'mfa']);

/**
 * Turns a raw value into a Title Case label: `mail_scan` → 'Mail Scan', `poa-approval` → 'POA Approval'.
 * Used as the fallback for values a label map does not know (e.g. a value newer than this package).
 */
export function humanize(value: string): string {
  return value
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => {
      const lower = word.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/**
 * The display label of `value` in `labels`.
 * - a known value → its label;
 * - an unknown string → `humanize(value)` (so a value the server adds later still reads well);
 * - `null`, `undefined` or '' → ''.
 */
export function labelOf<V extends string>(
  labels: LabelMap<V>,
  value: NoInfer<V> | string | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (Object.hasOwn(labels, value)) return labels[value as V];
  return humanize(value);
}

/** Type guard: is `value` one of `values`? */
export function isOneOf<V extends string>(values: readonly V[], value: unknown): value is V {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** `[{value, label}]` in the order of `values`, for selects and filters. */
export function optionsOf<V extends string>(values: readonly V[], labels: LabelMap<V>): Option<V>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A label map whose labels are the values themselves (for enumerations stored as display text). */
export function identityLabels<V extends string>(values: readonly V[]): LabelMap<V> {
  return Object.fromEntries(values.map((value) => [value, value])) as unknown as LabelMap<V>;
}
