import { type ApiClient, ApiError, createApiClient, decodeClaims } from '@bp/api-client';
import type { AccessClaims } from '@bp/contracts';
import { authRoutes, mfaRoutes, notificationsRoutes } from '@bp/contracts';
import type { MobileServices } from '../platform/services.ts';
import { MOBILE_KEYS } from './keys.ts';
import type { PersistedStorage } from './memory-backed-storage.ts';

export type SessionState =
  | { status: 'signed-out'; notice: string | null }
  /** Tokens are kept and the person chose biometric unlock: the app waits for Face ID / fingerprint. */
  | { status: 'locked' }
  | { status: 'two-factor'; ephemeralToken: string; method: string; email: string }
  /** `fresh`: signed in just now with the password (not a session kept from before). */
  | { status: 'signed-in'; claims: AccessClaims; fresh: boolean };

export const SESSION_ENDED = 'Your session has ended. Sign in again.';

export interface SessionStore {
  api: ApiClient;
  storage: PersistedStorage;
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(email: string, password: string): Promise<void>;
  submitCode(code: string): Promise<void>;
  resendCode(): Promise<void>;
  /** Back from the code step to e-mail and password. */
  cancelTwoFactor(): void;
  unlocked(): void;
  /** Forgets the kept session on this phone (the "Use password instead" of the lock screen). */
  forget(): Promise<void>;
  signOut(): Promise<void>;
  biometricUnlockEnabled(): boolean;
  setBiometricUnlock(on: boolean): void;
  /** Registers this phone's push token with the API (after sign-in); the token, or null when none. */
  registerPush(): Promise<string | null>;
}

function timezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The app's session over the shared API client (packages/api-client: bearer, X-Timezone, single-flight
 * refresh, one retry on 401, storage cleared when the refresh fails), with the phone's additions:
 * tokens in the secure store, the optional biometric lock and the push device's registration.
 */
export function createSessionStore(services: MobileServices, storage: PersistedStorage): SessionStore {
  const listeners = new Set<() => void>();
  let state: SessionState;
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const api = createApiClient({
    baseUrl: services.apiBaseUrl,
    storage,
    getTimezone: timezone,
    onSessionExpired: () => set({ status: 'signed-out', notice: SESSION_ENDED }),
    ...(services.fetchImpl ? { fetchImpl: services.fetchImpl } : {}),
    validateResponses: services.validateResponses ?? false,
  });

  const claimsOfStorage = () => decodeClaims(storage.getItem(MOBILE_KEYS.access));

  const keepTokens = (tokens: { access: string; refresh: string }) => {
    storage.setItem(MOBILE_KEYS.access, tokens.access);
    storage.setItem(MOBILE_KEYS.refresh, tokens.refresh);
    const claims = decodeClaims(tokens.access);
    if (!claims) throw new Error('The server answered with an unreadable token.');
    set({ status: 'signed-in', claims, fresh: true });
  };

  // A kept session opens at once, or behind the biometric prompt when the person asked for it. An
  // expired refresh token is found out by the first call, which signs the person out.
  const kept = storage.getItem(MOBILE_KEYS.refresh) ? claimsOfStorage() : null;
  if (!kept) state = { status: 'signed-out', notice: null };
  else if (storage.getItem(MOBILE_KEYS.biometricUnlock) === '1') state = { status: 'locked' };
  else state = { status: 'signed-in', claims: kept, fresh: false };

  /** Ends the session here: the API forgets the push device and the refresh token, the phone forgets everything. */
  const endSession = async (notice: string | null) => {
    const pushToken = storage.getItem(MOBILE_KEYS.pushToken);
    const refresh = storage.getItem(MOBILE_KEYS.refresh);
    try {
      if (pushToken) {
        await api.call(notificationsRoutes.deleteNotificationsDevice, { params: { token: pushToken } });
      }
      if (refresh) await api.call(authRoutes.postAuthTokenBlacklist, { body: { refresh } });
    } catch {
      // Offline or already expired: the phone still forgets the session; the server's tokens expire.
    }
    storage.clear();
    await storage.flushed();
    set({ status: 'signed-out', notice });
  };

  return {
    api,
    storage,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      const answer = await api.call(authRoutes.postAuthLogin, { body: { email, password }, anonymous: true });
      if ('access' in answer) keepTokens(answer);
      else
        set({ status: 'two-factor', ephemeralToken: answer.ephemeral_token, method: answer.method, email });
    },
    async submitCode(code) {
      if (state.status !== 'two-factor') return;
      const tokens = await api.call(mfaRoutes.postAuthLoginCode, {
        body: { ephemeral_token: state.ephemeralToken, code },
        anonymous: true,
      });
      keepTokens(tokens);
    },
    async resendCode() {
      if (state.status !== 'two-factor') return;
      await api.call(mfaRoutes.postAuthMfaResendCode, {
        params: { method: state.method },
        body: { ephemeral_token: state.ephemeralToken },
        anonymous: true,
      });
    },
    cancelTwoFactor() {
      set({ status: 'signed-out', notice: null });
    },
    unlocked() {
      const claims = claimsOfStorage();
      set(
        claims
          ? { status: 'signed-in', claims, fresh: false }
          : { status: 'signed-out', notice: SESSION_ENDED },
      );
    },
    forget: () => endSession(null),
    signOut: () => endSession(null),
    biometricUnlockEnabled: () => storage.getItem(MOBILE_KEYS.biometricUnlock) === '1',
    setBiometricUnlock(on) {
      if (on) storage.setItem(MOBILE_KEYS.biometricUnlock, '1');
      else storage.removeItem(MOBILE_KEYS.biometricUnlock);
      for (const listener of listeners) listener();
    },
    async registerPush() {
      const device = await services.push.register();
      if (!device) return null;
      await api.call(notificationsRoutes.postNotificationsDevices, { body: device });
      storage.setItem(MOBILE_KEYS.pushToken, device.token);
      return device.token;
    },
  };
}

/** The sentence to show for a failed call: the server's own message, or the connection's. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'No connection to the server. Check your network and try again.';
  return error instanceof Error ? error.message : String(error);
}
