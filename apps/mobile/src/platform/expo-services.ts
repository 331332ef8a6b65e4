import Constants from 'expo-constants';
import * as Device from 'expo-device';
import { File, Paths } from 'expo-file-system';
import * as Linking from 'expo-linking';
import * as LocalAuthentication from 'expo-local-authentication';
import * as Network from 'expo-network';
import * as Notifications from 'expo-notifications';
import * as SecureStore from 'expo-secure-store';
import * as Sharing from 'expo-sharing';
import { Platform } from 'react-native';
import { apiBaseUrl } from './api-url.ts';
import type { MobileServices, PushOpen, SecureStorage } from './services.ts';

/*
 * The phone's services through Expo's modules. In the web build (the browser test, decision 033) the
 * ones a browser lacks fall back: localStorage for the secure store, no biometrics, no push, the
 * browser's online state, and files opened in a new tab.
 */

const secureStore: SecureStorage = {
  async load(keys) {
    const entries = await Promise.all(
      keys.map(async (key) => [key, await SecureStore.getItemAsync(key)] as const),
    );
    return Object.fromEntries(entries.filter((e): e is readonly [string, string] => e[1] !== null));
  },
  set: (key, value) =>
    SecureStore.setItemAsync(key, value, { keychainAccessible: SecureStore.WHEN_UNLOCKED_THIS_DEVICE_ONLY }),
  remove: (key) => SecureStore.deleteItemAsync(key),
};

const browserStore: SecureStorage = {
  async load(keys) {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const value = window.localStorage.getItem(`billpay.${key}`);
      if (value !== null) out[key] = value;
    }
    return out;
  },
  async set(key, value) {
    window.localStorage.setItem(`billpay.${key}`, value);
  },
  async remove(key) {
    window.localStorage.removeItem(`billpay.${key}`);
  },
};

const isWeb = Platform.OS === 'web';

// A push that arrives while the app is open is still shown (banner and list), as the person expects.
if (!isWeb) {
  Notifications.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowBanner: true,
      shouldShowList: true,
      shouldPlaySound: false,
      shouldSetBadge: true,
    }),
  });
}

function pushOpenOf(response: Notifications.NotificationResponse): PushOpen {
  const data = response.notification.request.content.data as Record<string, unknown> | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { bill: text(data?.bill), client: text(data?.client) };
}

function blobAsBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(blob);
  });
}

export function expoServices(): MobileServices {
  return {
    apiBaseUrl: apiBaseUrl(),
    // Development builds check every answer against its declaration, as the web app does.
    validateResponses: __DEV__,
    storage: isWeb ? browserStore : secureStore,
    biometrics: {
      async available() {
        if (isWeb) return false;
        return (
          (await LocalAuthentication.hasHardwareAsync()) && (await LocalAuthentication.isEnrolledAsync())
        );
      },
      async authenticate(prompt) {
        if (isWeb) return false;
        const result = await LocalAuthentication.authenticateAsync({
          promptMessage: prompt,
          cancelLabel: 'Use password',
          disableDeviceFallback: false,
        });
        return result.success;
      },
    },
    push: {
      async register() {
        if (isWeb || !Device.isDevice) return null;
        if (Platform.OS === 'android') {
          await Notifications.setNotificationChannelAsync('default', {
            name: 'Bills',
            importance: Notifications.AndroidImportance.HIGH,
          });
        }
        let { status } = await Notifications.getPermissionsAsync();
        if (status !== 'granted') status = (await Notifications.requestPermissionsAsync()).status;
        if (status !== 'granted') return null;
        const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
        if (!projectId) return null;
        const token = await Notifications.getExpoPushTokenAsync({ projectId });
        return { token: token.data, platform: Platform.OS === 'ios' ? 'ios' : 'android' };
      },
      onOpen(listener) {
        if (isWeb) return () => undefined;
        const launched = Notifications.getLastNotificationResponse();
        if (launched) listener(pushOpenOf(launched));
        const subscription = Notifications.addNotificationResponseReceivedListener((r) =>
          listener(pushOpenOf(r)),
        );
        return () => subscription.remove();
      },
    },
    connectivity: {
      subscribe(listener) {
        if (isWeb) {
          const report = () => listener(navigator.onLine);
          report();
          window.addEventListener('online', report);
          window.addEventListener('offline', report);
          return () => {
            window.removeEventListener('online', report);
            window.removeEventListener('offline', report);
          };
        }
        const report = (state: Network.NetworkState) =>
          listener(state.isConnected !== false && state.isInternetReachable !== false);
        void Network.getNetworkStateAsync().then(report);
        const subscription = Network.addNetworkStateListener(report);
        return () => subscription.remove();
      },
    },
    files: {
      async open({ blob, name, mimeType }) {
        if (isWeb) {
          window.open(URL.createObjectURL(blob), '_blank', 'noopener');
          return;
        }
        // Kept in the cache folder only while it is looked at; the system viewer (Quick Look on iOS,
        // the PDF or image app on Android) shows it.
        const file = new File(Paths.cache, name.replace(/[^\w.-]+/g, '_'));
        if (file.exists) file.delete();
        file.create();
        file.write(await blobAsBase64(blob), { encoding: 'base64' });
        await Sharing.shareAsync(file.uri, { mimeType, dialogTitle: name });
      },
    },
    links: {
      initial: () => Linking.getInitialURL(),
      subscribe(listener) {
        const subscription = Linking.addEventListener('url', ({ url }) => listener(url));
        return () => subscription.remove();
      },
    },
  };
}
