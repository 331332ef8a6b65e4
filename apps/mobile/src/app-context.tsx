import type { AccessClaims } from '@bp/contracts';
import { createContext, useContext } from 'react';
import type { MobileServices } from './platform/services.ts';
import type { SessionStore } from './session/session-store.ts';

/** One screen of the app's stack. */
export type Route =
  | { name: 'home' }
  | { name: 'clients' }
  | { name: 'bill'; clientGuid: string; billGuid: string }
  | { name: 'settings' };

export interface Navigation {
  route: Route;
  canGoBack: boolean;
  push(route: Route): void;
  back(): void;
  /** Back to the first screen, then `route` on top (a push or deep link opens a bill from anywhere). */
  reset(route?: Route): void;
}

export interface AppContextValue {
  services: MobileServices;
  session: SessionStore;
  /** The signed-in person's token claims (`type` client or bporg decides the home screen). */
  claims: AccessClaims | null;
  online: boolean;
  nav: Navigation;
  /** A short confirmation shown on the next screen ("Approved: …"). */
  notify(message: string): void;
  notice: string | null;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the app');
  return value;
}
