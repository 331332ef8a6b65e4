import Constants from 'expo-constants';
import { Platform } from 'react-native';

/**
 * Where the API is. `EXPO_PUBLIC_API_URL` (inlined at build time; README) wins. Otherwise the web build
 * uses its own origin (it is served beside the API), and a development build on a phone (Expo Go) the
 * computer that serves the bundle, on the API's default port 8080.
 */
export function apiBaseUrl(): string {
  const configured = process.env.EXPO_PUBLIC_API_URL;
  if (configured) return configured.replace(/\/+$/, '');
  if (Platform.OS === 'web') return '';
  const host = Constants.expoConfig?.hostUri?.split(':')[0];
  return host ? `http://${host}:8080` : 'http://localhost:8080';
}
