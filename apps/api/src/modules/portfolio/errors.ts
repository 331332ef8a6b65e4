import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What the portfolio refuses with; the edge answers it (platform/http/error-answer.ts). */
export class PortfolioError extends DomainError {}

export const { forbidden } = refusalsOf(PortfolioError);
