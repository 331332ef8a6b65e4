import type { KeyValueStorage } from '@bp/api-client';
import { createContext, useContext } from 'react';
import type { SessionSnapshot } from './session-snapshot.ts';
import type { SessionStore } from './session-store.ts';

/**
 * The whole session state, for the app shell (guard, layouts, theme). Screens use `useSession()`;
 * this one also carries the organisation list, the client list and the mode.
 */
export interface SessionState {
  snapshot: SessionSnapshot;
  store: SessionStore;
  storage: KeyValueStorage;
}

export const SessionStateContext = createContext<SessionState | null>(null);

export function useSessionState(): SessionState {
  const state = useContext(SessionStateContext);
  if (!state) throw new Error('useSessionState must be used inside SessionProvider');
  return state;
}
