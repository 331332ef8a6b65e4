/**
 * User feature flags (SPEC §3, §6): they gate vendor management, pins, books, ledger posting and
 * statement feeds, and shape the menus.
 */
import type { UserFeature } from './enums/clients.ts';

/** How the current user's features arrive: a list of `{feature_name}`. */
export interface UserFeatureEntry {
  feature_name: UserFeature | string;
}

/** True when `features` contains `name`. Missing lists have no features. */
export function hasFeature(
  features: readonly UserFeatureEntry[] | null | undefined,
  name: UserFeature,
): boolean {
  return features?.some((feature) => feature.feature_name === name) ?? false;
}

/** Clients see Financial Accounts when ledger posting or account statement feeds are enabled. */
export function showsFinancialAccounts(features: readonly UserFeatureEntry[] | null | undefined): boolean {
  return hasFeature(features, 'BOOKS_LEDGER_POSTING') || hasFeature(features, 'ACCOUNT_STATEMENT_FEEDS');
}
