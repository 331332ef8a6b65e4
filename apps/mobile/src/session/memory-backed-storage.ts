import type { KeyValueStorage } from '@bp/api-client';
import type { SecureStorage } from '../platform/services.ts';

/**
 * The API client reads its tokens synchronously (the web's localStorage contract), while the phone's
 * secure store is asynchronous. So the values live in memory, loaded from the secure store once at
 * start-up, and every change is written through to it. `clear()` (sign-out, a dead session) removes
 * every key from the secure store, not only the tokens.
 */
export interface PersistedStorage extends KeyValueStorage {
  /** Resolves when every write so far has reached the secure store. */
  flushed(): Promise<void>;
}

export async function loadPersistedStorage(
  secure: SecureStorage,
  keys: readonly string[],
): Promise<PersistedStorage> {
  const values = new Map(Object.entries(await secure.load(keys)));
  let pending: Promise<void> = Promise.resolve();
  // Writes are chained so a remove never overtakes the set before it.
  const write = (task: () => Promise<void>) => {
    pending = pending.then(task).catch(() => {
      // A failed write leaves the value in memory for this run only; the next start-up signs in again.
    });
  };
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem(key, value) {
      values.set(key, value);
      write(() => secure.set(key, value));
    },
    removeItem(key) {
      values.delete(key);
      write(() => secure.remove(key));
    },
    clear() {
      values.clear();
      for (const key of keys) write(() => secure.remove(key));
    },
    flushed: () => pending,
  };
}
