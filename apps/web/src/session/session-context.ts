import type { ApiClient } from '@bp/api-client';
import type { AccessClaims, ClientSummary, Organization, TokenPair, UserProfile } from '@bp/contracts';
import { createContext, useContext } from 'react';

/**
 * What every screen may know and do about the signed-in session.
 * The provider (SessionProvider) implements it; screens only call these.
 */
export interface SessionApi {
  api: ApiClient;
  /** Decoded claims of the current access token, null when signed out. */
  claims: AccessClaims | null;
  /** GET /v1/auth/users/me, null until loaded or when signed out. */
  profile: UserProfile | null;
  /** The selected organisation (organisation users), from storage. */
  organization: { guid: string; name: string } | null;
  /** The selected client (client users), from storage. */
  client: ClientSummary | null;
  /** True while masked (original tokens saved). */
  isMasked: boolean;
  /** Stores the tokens, loads the profile and goes to the saved redirect url or the user's home. */
  signIn(tokens: TokenPair): Promise<void>;
  /** Revokes the refresh token, clears storage and goes to /login. */
  signOut(): Promise<void>;
  /** Saves the organisation and goes to the remembered path or home. */
  selectOrganization(org: Organization): void;
  /** After an organisation was edited: keeps its stored name (the header's) and the lists in step. */
  organizationUpdated(org: Pick<Organization, 'guid' | 'name' | 'client_property_default'>): void;
  /** Saves the client and goes to `to` (an advisor opening a client's dashboard), else the remembered path or home. */
  selectClient(client: ClientSummary, to?: string): void;
  /** Saves the original tokens, takes the target's tokens and goes to the target's home. */
  mask(userGuid: string): Promise<void>;
  /** Restores the original tokens and goes home. */
  unmask(): Promise<void>;
  /** Refetches the profile (after an edit or an avatar change). */
  refreshProfile(): Promise<void>;
  /** Asks the API for fresh claims (after accepting terms or changing the password). */
  renewClaims(): Promise<void>;
  /** "Sign out everywhere else": every other session ends; this one continues with fresh tokens. */
  endOtherSessions(): Promise<void>;
}

export const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
