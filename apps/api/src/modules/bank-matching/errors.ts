import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bank-matching refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BankMatchingError extends DomainError {}

export const { conflict, notFound, refused } = refusalsOf(BankMatchingError);
