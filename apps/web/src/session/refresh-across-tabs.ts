import { STORAGE_KEYS } from '@bp/api-client';

const LOCK_NAME = 'bp-token-refresh';
/**
 * How long a tab that waited for another tab's refresh gives that tab's tokens to show in its own copy
 * of localStorage, once it has the lock. Chromium sends a change of localStorage to the other tabs apart
 * from the lock's release, so right after the release this tab may still read the used-up token.
 */
const TOKENS_ARRIVE_WITHIN_MS = 1000;

/**
 * The tabs of this origin share localStorage and one session, so they take turns at refreshing its
 * tokens (Web Locks). A tab that finds another refreshing waits for it, then for the new refresh token
 * to reach its storage, and its refresher (api-client's token-refresher) uses the tokens stored there
 * instead of presenting the used-up one, which the server would refuse and so sign every tab out.
 * Without Web Locks (a page on plain http from another host) the refresher still keeps tokens another
 * tab stored first when its own refresh is refused.
 */
export async function oneRefreshAcrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return run();
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (free) => {
    if (free) return run();
    // Listening from now, so that a change made while waiting for the lock is not missed.
    const tokensChanged = changeOf(STORAGE_KEYS.refresh);
    try {
      return await locks.request(LOCK_NAME, async () => {
        await Promise.race([tokensChanged.promise, delay(TOKENS_ARRIVE_WITHIN_MS)]);
        return run();
      });
    } finally {
      tokensChanged.stop();
    }
  });
}

/** Resolves when another tab changes `key` in localStorage (or clears it). */
function changeOf(key: string): { promise: Promise<void>; stop: () => void } {
  let stop = () => {};
  const promise = new Promise<void>((resolve) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) resolve();
    };
    window.addEventListener('storage', onStorage);
    stop = () => window.removeEventListener('storage', onStorage);
  });
  return { promise, stop };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
