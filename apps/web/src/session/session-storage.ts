import { type KeyValueStorage, STORAGE_KEYS } from '@bp/api-client';
import type { ClientSummary, Organization, TokenPair } from '@bp/contracts';
import { CLIENT_PROPERTY_DEFAULT } from '@bp/domain';
import type { ClientMode } from './user-kind.ts';

/** Typed reads and writes of what the session keeps in storage (keys in @bp/api-client STORAGE_KEYS). */

export function readTokens(storage: KeyValueStorage): Partial<TokenPair> {
  return {
    access: storage.getItem(STORAGE_KEYS.access) ?? undefined,
    refresh: storage.getItem(STORAGE_KEYS.refresh) ?? undefined,
  };
}

export function writeTokens(storage: KeyValueStorage, tokens: TokenPair): void {
  storage.setItem(STORAGE_KEYS.access, tokens.access);
  storage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
}

export function saveOrganization(storage: KeyValueStorage, organization: Organization): void {
  storage.setItem(STORAGE_KEYS.organizationGuid, organization.guid);
  storage.setItem(STORAGE_KEYS.organizationName, organization.name);
  // SPEC.md §9: the organisation's client property default is '0' when unset.
  storage.setItem(
    STORAGE_KEYS.clientPropertyDefault,
    organization.client_property_default || CLIENT_PROPERTY_DEFAULT,
  );
}

export function saveClient(storage: KeyValueStorage, client: ClientSummary, mode: ClientMode | null): void {
  storage.setItem(STORAGE_KEYS.clientGuid, client.guid);
  storage.setItem(STORAGE_KEYS.clientName, client.name);
  storage.setItem(STORAGE_KEYS.clientRole, client.role);
  storage.setItem(STORAGE_KEYS.clientCreatedOn, client.created_on);
  storage.setItem(STORAGE_KEYS.clientOnboarding, client.is_onboarding_completed ? '1' : '0');
  storage.setItem(STORAGE_KEYS.advisorMode, String(mode === 'advisor'));
  storage.setItem(STORAGE_KEYS.familyOfficeMode, String(mode === 'family_office'));
}

const SELECTION_KEYS = [
  STORAGE_KEYS.organizationGuid,
  STORAGE_KEYS.organizationName,
  STORAGE_KEYS.clientPropertyDefault,
  STORAGE_KEYS.clientGuid,
  STORAGE_KEYS.clientName,
  STORAGE_KEYS.clientRole,
  STORAGE_KEYS.clientCreatedOn,
  STORAGE_KEYS.clientOnboarding,
  STORAGE_KEYS.advisorMode,
  STORAGE_KEYS.familyOfficeMode,
] as const;

/** The organisation or client choice, saved aside while masked and put back on unmask. */
export type SavedSelection = Partial<Record<(typeof SELECTION_KEYS)[number], string>>;

export function takeSelection(storage: KeyValueStorage): SavedSelection {
  const saved: SavedSelection = {};
  for (const key of SELECTION_KEYS) {
    const value = storage.getItem(key);
    if (value !== null) saved[key] = value;
    storage.removeItem(key);
  }
  return saved;
}

export function restoreSelection(storage: KeyValueStorage, saved: SavedSelection): void {
  for (const key of SELECTION_KEYS) {
    const value = saved[key];
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, value);
  }
}

/** What is kept while masked: the staff member's own tokens and selection. */
export interface MaskOriginal extends TokenPair {
  selection?: SavedSelection;
}

export function saveMaskOriginal(storage: KeyValueStorage, original: MaskOriginal): void {
  storage.setItem(STORAGE_KEYS.maskOriginal, JSON.stringify(original));
}

export function readMaskOriginal(storage: KeyValueStorage): MaskOriginal | null {
  const raw = storage.getItem(STORAGE_KEYS.maskOriginal);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<MaskOriginal> | null;
    if (!parsed || typeof parsed.access !== 'string' || typeof parsed.refresh !== 'string') return null;
    return parsed as MaskOriginal;
  } catch {
    return null;
  }
}

function take(storage: KeyValueStorage, key: string): string | null {
  const value = storage.getItem(key);
  storage.removeItem(key);
  return value;
}

export const rememberRedirectUrl = (storage: KeyValueStorage, url: string) =>
  storage.setItem(STORAGE_KEYS.redirectUrl, url);
export const takeRedirectUrl = (storage: KeyValueStorage) => take(storage, STORAGE_KEYS.redirectUrl);

export function rememberReturnPath(storage: KeyValueStorage, path: string | null): void {
  if (path === null) storage.removeItem(STORAGE_KEYS.returnPath);
  else storage.setItem(STORAGE_KEYS.returnPath, path);
}
export const takeReturnPath = (storage: KeyValueStorage) => take(storage, STORAGE_KEYS.returnPath);
