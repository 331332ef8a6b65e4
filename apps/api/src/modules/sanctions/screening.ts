import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { sanctionsEntries } from './tables.ts';

/**
 * Minimum pg_trgm similarity between a payee's normalised name and a list entry's for the payee to
 * be held for review. 0.6 catches spelling variants ("Petrov" / "Petrow", a dropped middle name)
 * while leaving unrelated names that merely share a common word well below it. See decision 010.
 */
export const SANCTIONS_SIMILARITY_THRESHOLD = 0.6;

/**
 * Legal-form words dropped before comparing: "Acme Trading LLC" and "ACME TRADING, INC." are the same
 * counterparty for screening purposes. Compared after punctuation is gone, so "S.A." is "sa".
 */
const CORPORATE_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'co',
  'corp',
  'corporation',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'srl',
  'bv',
  'nv',
  'pte',
  'pty',
  'fzco',
  'fze',
]);

/**
 * The form names are compared in: lower-case, accents stripped, punctuation as spaces (apostrophes and
 * dots simply removed so "O'Brien" and "S.A." stay one word), legal-form words dropped, single spaces.
 * A name that is nothing but legal-form words keeps them, so it still has something to compare.
 */
export function normalizeSanctionsName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // Letters that do not decompose into a base letter plus an accent.
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/['’‘`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (!folded) return '';
  const tokens = folded.split(' ');
  const kept = tokens.filter((token) => !CORPORATE_SUFFIXES.has(token));
  return (kept.length > 0 ? kept : tokens).join(' ');
}

/** The normalised name's words, sorted: SDN names are "LAST, First", payees usually "First Last". */
export function sanctionsTokenKey(normalized: string): string {
  return normalized.split(' ').filter(Boolean).sort().join(' ');
}

export interface SanctionsMatch {
  entryId: number;
  name: string;
  /** 1 for the same words in any order, otherwise the trigram similarity (0.6–1). */
  score: number;
}

/**
 * The sanctions entry a payee name most resembles, or null. Candidates come from the trigram index
 * (`%` uses pg_trgm's default 0.3 limit, which keeps the GIN index usable without a per-session
 * set_limit on a pooled connection); the similarity() filter then applies the real threshold.
 * Names with the same words in another order score 1 and win. They are always among the candidates:
 * pg_trgm makes trigrams word by word, so the same words in any order have the same trigrams
 * (similarity 1), and a normalised name (letters and digits) always has some.
 */
export async function screenPayee(tx: DbOrTx, name: string): Promise<SanctionsMatch | null> {
  const normalized = normalizeSanctionsName(name);
  if (!normalized) return null;
  const tokenKey = sanctionsTokenKey(normalized);
  const similarity = sql<number>`similarity(${sanctionsEntries.nameNormalized}, ${normalized})`;
  const candidates = await tx
    .select({
      id: sanctionsEntries.id,
      name: sanctionsEntries.name,
      nameNormalized: sanctionsEntries.nameNormalized,
      similarity: similarity.mapWith(Number),
    })
    .from(sanctionsEntries)
    .where(
      sql`${sanctionsEntries.nameNormalized} % ${normalized} and ${similarity} >= ${SANCTIONS_SIMILARITY_THRESHOLD}`,
    )
    .orderBy(sql`${similarity} desc`, sanctionsEntries.id)
    .limit(20);
  let best: SanctionsMatch | null = null;
  for (const candidate of candidates) {
    const score = sanctionsTokenKey(candidate.nameNormalized) === tokenKey ? 1 : candidate.similarity;
    if (!best || score > best.score) best = { entryId: candidate.id, name: candidate.name, score };
  }
  return best;
}
