import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the clients module refuses with; the edge answers it (platform/http/error-answer.ts). */
export class ClientsError extends DomainError {}

export const { conflict, forbidden, notFound } = refusalsOf(ClientsError);
