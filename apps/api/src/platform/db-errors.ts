/**
 * PostgreSQL's unique_violation (23505), on `pg` and PGlite alike, also when Drizzle wraps the driver's
 * error in its own (`cause`). With `constraint`, only a violation of that index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasCode(error, '23505', constraint);
}

/** foreign_key_violation (23503): a row still refers to the one being deleted. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return hasCode(error, '23503', constraint);
}

function hasCode(error: unknown, sqlState: string, constraint: string | undefined): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === sqlState) return constraint === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
