import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards so a user's `%` or `_` is matched literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `col ILIKE %term%` across columns, or undefined for a blank term. */
export function containsAny(term: string | undefined, columns: PgColumn[]): SQL | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  const like = `%${escapeLike(trimmed)}%`;
  return or(...columns.map((column) => ilike(column, like)));
}
