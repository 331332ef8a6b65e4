import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the client-records module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class ClientRecordsError extends DomainError {}

export const { notFound } = refusalsOf(ClientRecordsError);
