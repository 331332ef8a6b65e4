import { type BillLink, parseBillLink } from '@bp/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { BackHandler, Platform, StyleSheet, Text, View } from 'react-native';
import { AppContext, type AppContextValue, type Navigation, type Route } from './app-context.tsx';
import { BillDetailScreen } from './bills/BillDetailScreen.tsx';
import { ClientHomeScreen } from './bills/ClientHomeScreen.tsx';
import { ClientsScreen } from './bills/ClientsScreen.tsx';
import { StaffHomeScreen } from './bills/StaffHomeScreen.tsx';
import type { MobileServices } from './platform/services.ts';
import { BiometricOffer } from './screens/BiometricOffer.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { TwoFactorScreen } from './screens/TwoFactorScreen.tsx';
import { UnlockScreen } from './screens/UnlockScreen.tsx';
import { ALL_MOBILE_KEYS, MOBILE_KEYS } from './session/keys.ts';
import { loadPersistedStorage } from './session/memory-backed-storage.ts';
import { createSessionStore, type SessionStore } from './session/session-store.ts';
import { Loading } from './ui/controls.tsx';
import { OfflineBanner } from './ui/OfflineBanner.tsx';
import { colors } from './ui/theme.ts';

/** The whole app over the phone's services (expo-services.ts on a device; tests pass their own). */
export function MobileApp({ services }: { services: MobileServices }) {
  const [store, setStore] = useState<SessionStore | null>(null);
  useEffect(() => {
    let live = true;
    void loadPersistedStorage(services.storage, ALL_MOBILE_KEYS).then((storage) => {
      if (live) setStore(createSessionStore(services, storage));
    });
    return () => {
      live = false;
    };
  }, [services]);
  if (!store) return <Loading label="Starting BillPay" />;
  return <Session store={store} services={services} />;
}

function useOnline(services: MobileServices): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => services.connectivity.subscribe(setOnline), [services]);
  return online;
}

function Session({ store, services }: { store: SessionStore; services: MobileServices }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const online = useOnline(services);
  const signedIn = state.status === 'signed-in' ? state.claims : null;
  const [stack, setStack] = useState<Route[]>([{ name: 'home' }]);
  const [notice, setNotice] = useState<string | null>(null);
  // A push or link that arrived before sign-in opens once the person is in.
  const [pendingLink, setPendingLink] = useState<BillLink | null>(null);
  const [offerBiometrics, setOfferBiometrics] = useState(false);

  const nav = useMemo<Navigation>(
    () => ({
      route: stack[stack.length - 1] ?? { name: 'home' },
      canGoBack: stack.length > 1,
      push: (route) => {
        setNotice(null);
        setStack((s) => [...s, route]);
      },
      back: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
      reset: (route) => {
        setNotice(null);
        setStack(route ? [{ name: 'home' }, route] : [{ name: 'home' }]);
      },
    }),
    [stack],
  );

  // Signing out (or a dead session) leaves nothing behind on screen.
  useEffect(() => {
    if (!signedIn) {
      setStack([{ name: 'home' }]);
      setNotice(null);
    }
  }, [signedIn]);

  const openLink = useCallback(
    (link: BillLink | null) => {
      if (!link) return;
      if (state.status !== 'signed-in') {
        setPendingLink(link);
        return;
      }
      const clientGuid = link.clientGuid ?? store.storage.getItem(MOBILE_KEYS.clientGuid);
      if (clientGuid) nav.reset({ name: 'bill', clientGuid, billGuid: link.billGuid });
    },
    [state.status, store, nav],
  );

  // The subscriptions below live as long as the app; they call the newest openLink.
  const openLinkRef = useRef(openLink);
  openLinkRef.current = openLink;

  useEffect(() => {
    if (signedIn && pendingLink) {
      setPendingLink(null);
      openLink(pendingLink);
    }
  }, [signedIn, pendingLink, openLink]);

  // Taps on pushes and app links (billpay://bills/<guid>, or the web's bill address).
  useEffect(
    () =>
      services.push.onOpen((open) => {
        if (open.bill) openLinkRef.current({ billGuid: open.bill, clientGuid: open.client });
      }),
    [services],
  );
  useEffect(() => {
    void services.links.initial().then((url) => openLinkRef.current(url ? parseBillLink(url) : null));
    return services.links.subscribe((url) => openLinkRef.current(parseBillLink(url)));
  }, [services]);

  // Each sign-in registers this phone for pushes, then offers biometric unlock once.
  const sub = signedIn?.sub;
  const fresh = state.status === 'signed-in' && state.fresh;
  useEffect(() => {
    if (!sub) return;
    void store.registerPush().catch(() => undefined);
    if (fresh && !store.biometricUnlockEnabled()) {
      void services.biometrics.available().then(setOfferBiometrics, () => setOfferBiometrics(false));
    }
  }, [sub, fresh, store, services]);

  // Android's back button walks the stack back (the web build has none).
  useEffect(() => {
    if (Platform.OS === 'web') return;
    const handler = BackHandler.addEventListener('hardwareBackPress', () => {
      if (stack.length <= 1) return false;
      nav.back();
      return true;
    });
    return () => handler.remove();
  }, [stack.length, nav]);

  const context: AppContextValue = {
    services,
    session: store,
    claims: signedIn,
    online,
    nav,
    notify: setNotice,
    notice,
  };

  let content: ReactNode;
  if (state.status === 'signed-out') content = <SignInScreen notice={state.notice} />;
  else if (state.status === 'two-factor') content = <TwoFactorScreen method={state.method} />;
  else if (state.status === 'locked') content = <UnlockScreen />;
  else if (offerBiometrics) content = <BiometricOffer onDone={() => setOfferBiometrics(false)} />;
  else content = <Current route={nav.route} isClientUser={state.claims.type === 'client'} />;

  return (
    <AppContext.Provider value={context}>
      <PersonCache key={signedIn?.sub ?? 'nobody'}>
        <View style={shell.fill}>
          {state.status !== 'signed-in' && !online ? <OfflineBanner /> : null}
          {notice && state.status === 'signed-in' ? (
            <View role="status" style={shell.notice}>
              <Text style={shell.noticeText}>{notice}</Text>
            </View>
          ) : null}
          {content}
        </View>
      </PersonCache>
    </AppContext.Provider>
  );
}

/** A new query cache for each person: nothing of the previous session is ever shown to the next. */
function PersonCache({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: 1 } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Current({ route, isClientUser }: { route: Route; isClientUser: boolean }) {
  switch (route.name) {
    case 'bill':
      return (
        <BillDetailScreen key={route.billGuid} clientGuid={route.clientGuid} billGuid={route.billGuid} />
      );
    case 'clients':
      return <ClientsScreen />;
    case 'settings':
      return <SettingsScreen />;
    default:
      return isClientUser ? <ClientHomeScreen /> : <StaffHomeScreen />;
  }
}

const shell = StyleSheet.create({
  fill: { flex: 1, backgroundColor: colors.background },
  notice: { backgroundColor: colors.success, padding: 12 },
  noticeText: { color: colors.onPrimary, fontSize: 15 },
});
