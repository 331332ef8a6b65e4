import type { MobileServices, PushOpen, SecureStorage } from '../platform/services.ts';

/** The phone's parts for component tests: a secure store in memory, biometrics, push and network switches. */
export interface FakePhone {
  services: MobileServices;
  /** What the secure store holds now. */
  stored: Map<string, string>;
  setOnline(online: boolean): void;
  tapPush(open: PushOpen): void;
  biometrics: { available: boolean; pass: boolean };
  pushToken: string | null;
  opened: { name: string; mimeType: string }[];
}

export function fakePhone(fetchImpl: typeof fetch, initial: Record<string, string> = {}): FakePhone {
  const stored = new Map(Object.entries(initial));
  const onlineListeners = new Set<(online: boolean) => void>();
  const pushListeners = new Set<(open: PushOpen) => void>();
  let online = true;
  const storage: SecureStorage = {
    load: async (keys) =>
      Object.fromEntries(keys.flatMap((k) => (stored.has(k) ? [[k, stored.get(k) as string]] : []))),
    set: async (key, value) => {
      stored.set(key, value);
    },
    remove: async (key) => {
      stored.delete(key);
    },
  };
  const phone: FakePhone = {
    stored,
    biometrics: { available: false, pass: true },
    pushToken: 'ExponentPushToken[mobile-test-device-0001]',
    opened: [],
    setOnline(next) {
      online = next;
      for (const l of onlineListeners) l(next);
    },
    tapPush(open) {
      for (const l of pushListeners) l(open);
    },
    services: {
      apiBaseUrl: 'http://api.test',
      fetchImpl,
      validateResponses: true,
      storage,
      biometrics: {
        available: async () => phone.biometrics.available,
        authenticate: async () => phone.biometrics.pass,
      },
      push: {
        register: async () => (phone.pushToken ? { token: phone.pushToken, platform: 'ios' } : null),
        onOpen(listener) {
          pushListeners.add(listener);
          return () => pushListeners.delete(listener);
        },
      },
      connectivity: {
        subscribe(listener) {
          onlineListeners.add(listener);
          listener(online);
          return () => onlineListeners.delete(listener);
        },
      },
      files: {
        open: async ({ name, mimeType }) => {
          phone.opened.push({ name, mimeType });
        },
      },
      links: { initial: async () => null, subscribe: () => () => undefined },
    },
  };
  return phone;
}
