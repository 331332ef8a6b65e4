import type { ClientMode } from '@bp/domain';
import { forbidden } from './errors.ts';

/** The two portfolio audiences (SPEC §3 Current user: service and its dashboard flag; @bp/domain's rule). */
export type PortfolioMode = ClientMode;

/** The client relation (SPEC §3 client_relation) that links each audience to a client it serves. */
export const RELATION_OF_MODE: Record<PortfolioMode, 'wealth_manager' | 'family_office'> = {
  advisor: 'wealth_manager',
  family_office: 'family_office',
};

/**
 * 403 unless the caller is in `mode` (the guard read the mode with the session): an advisor does not read
 * the family office's portfolio, nor the reverse, and a plain client user reads neither.
 */
export function assertMode(callerMode: ClientMode | null, mode: PortfolioMode): void {
  if (callerMode === mode) return;
  throw forbidden(
    mode === 'advisor'
      ? 'Only wealth advisors with the advisor dashboard may read this.'
      : 'Only family-office administrators with the family-office dashboard may read this.',
  );
}
