import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What investments refuses with; the edge answers it (platform/http/error-answer.ts). */
export class InvestmentsError extends DomainError {}

export const { notFound, refused } = refusalsOf(InvestmentsError);

export const notConfigured = () =>
  refused(
    'unprocessable',
    'investment_provider_not_configured',
    'Investment data is not set up on this server (FINICITY_PARTNER_ID, FINICITY_PARTNER_SECRET, FINICITY_APP_KEY).',
  );
