import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the quickbooks module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class QuickbooksError extends DomainError {}

export const { conflict, forbidden, notFound, refused, unauthenticated } = refusalsOf(QuickbooksError);
