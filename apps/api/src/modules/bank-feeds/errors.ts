import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bank-feeds refuses with; the edge answers it (platform/http/error-answer.ts). */
export class BankFeedsError extends DomainError {}

export const { conflict, forbidden, notFound, refused, unauthenticated } = refusalsOf(BankFeedsError);

export const notConfigured = () =>
  refused(
    'unprocessable',
    'aggregator_not_configured',
    'Bank feeds are not set up on this server (PLAID_CLIENT_ID and PLAID_SECRET).',
  );

export const aggregatorFailed = (message: string) =>
  refused('unprocessable', 'aggregator_error', `The bank-data provider refused: ${message}`);
