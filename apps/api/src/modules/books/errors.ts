import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What books refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BooksError extends DomainError {}

export const { conflict, forbidden, notFound, refused } = refusalsOf(BooksError);

/**
 * The ledger rules the database enforces (migration books_ledger_rules) raise these SQLSTATEs; the
 * service checks the same rules first with better messages, so reaching one of these means a race or a
 * bug, and the answer is still a clear refusal rather than a 500.
 */
const LEDGER_RULES: Record<string, () => BooksError> = {
  BK001: () => refused('invalid', 'unbalanced_entry', 'Debits must equal credits, with at least two lines.'),
  BK002: () => conflict('A posted entry cannot be changed: reverse it instead.', 'entry_posted'),
  BK003: () => conflict('This period is closed: nothing can be posted into it.', 'period_closed'),
  BK004: () => refused('invalid', 'account_of_other_entity', 'Every account must belong to this entity.'),
};

/** The ledger refusal behind a database error (also when Drizzle wraps it), or null. */
export function ledgerRefusal(error: unknown): BooksError | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in LEDGER_RULES) return LEDGER_RULES[code]?.() ?? null;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Runs a write and answers the database's ledger refusals as BooksErrors. */
export async function underLedgerRules<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}
