import type { AccessClaims, ClientSummary, Organization, UserProfile } from '@bp/contracts';
import type { SelectionState } from './selection.ts';
import type { ClientMode } from './user-kind.ts';

/**
 * signed_out: no tokens. loading: tokens present, profile and selection being read.
 * ready: everything the route rules need is known. failed: loading failed for a reason other than the session.
 */
export type SessionStatus = 'signed_out' | 'loading' | 'ready' | 'failed';

/** Everything the session knows; the route rules and the layouts read it, SessionApi exposes part of it. */
export interface SessionSnapshot {
  status: SessionStatus;
  /** Message shown when status is failed. */
  failure: string | null;
  claims: AccessClaims | null;
  profile: UserProfile | null;
  isMasked: boolean;
  /** Organisation users: their organisations and the selected one. */
  organizations: readonly Organization[];
  organization: Organization | null;
  /** Client users: their clients (page 1) and the selected one. */
  clients: readonly ClientSummary[];
  client: ClientSummary | null;
  /** Organisation or client selection, depending on the user type. */
  selection: SelectionState;
  mode: ClientMode | null;
  /** Where an action (sign-in, mask, selection) asked to go; the route guard performs it. */
  pendingNavigation: string | null;
}

export const SIGNED_OUT: SessionSnapshot = {
  status: 'signed_out',
  failure: null,
  claims: null,
  profile: null,
  isMasked: false,
  organizations: [],
  organization: null,
  clients: [],
  client: null,
  selection: 'none',
  mode: null,
  pendingNavigation: null,
};
