import { STORAGE_KEYS } from '@bp/api-client';

/** What the app keeps in the secure store: the web's session keys it uses, and its own. */
export const MOBILE_KEYS = {
  access: STORAGE_KEYS.access,
  refresh: STORAGE_KEYS.refresh,
  clientGuid: STORAGE_KEYS.clientGuid,
  organizationGuid: STORAGE_KEYS.organizationGuid,
  /** '1' once the person chose to unlock with Face ID / fingerprint after signing in. */
  biometricUnlock: 'biometric_unlock',
  /** The Expo push token registered with the API, so sign-out can unregister it. */
  pushToken: 'push_token',
} as const;

export const ALL_MOBILE_KEYS: readonly string[] = Object.values(MOBILE_KEYS);
