import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What commitments refuses with; the edge answers it (platform/http/error-answer.ts). */
export class CommitmentsError extends DomainError {}

export const { conflict, notFound } = refusalsOf(CommitmentsError);
