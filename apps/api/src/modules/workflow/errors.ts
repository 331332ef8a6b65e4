import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What workflow refuses with; the edge answers it (platform/http/error-answer.ts). */
export class WorkflowError extends DomainError {}

export const { conflict, forbidden, notFound } = refusalsOf(WorkflowError);
