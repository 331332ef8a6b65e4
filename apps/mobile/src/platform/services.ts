/**
 * What the app needs from the phone, behind one interface: the screens and the session never import
 * an Expo module themselves. `expo-services.ts` implements it on the device (and in the web build);
 * component tests hand in their own (decision 033).
 */

/** Durable key-value storage for the session: the platform's secure store (Keychain / Keystore). */
export interface SecureStorage {
  /** Every stored value of these keys, read once at start-up. */
  load(keys: readonly string[]): Promise<Record<string, string>>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface Biometrics {
  /** True when the device has biometric hardware with a face or finger enrolled. */
  available(): Promise<boolean>;
  /** Shows the system prompt; true when the person passed it. */
  authenticate(prompt: string): Promise<boolean>;
}

/** A tapped or received push, as the app needs it: which bill (and client) it is about. */
export interface PushOpen {
  bill: string | null;
  client: string | null;
}

export interface PushNotifications {
  /**
   * Asks for permission (once) and returns this device's Expo push token and platform, or null when
   * the person refused, the device cannot receive pushes (simulator, web) or no project is configured.
   */
  register(): Promise<{ token: string; platform: 'ios' | 'android' } | null>;
  /** Calls back when the person taps a push; returns the unsubscribe. Also reports the push that launched the app. */
  onOpen(listener: (open: PushOpen) => void): () => void;
}

export interface Connectivity {
  /** Current state, and a subscription to changes. `null` while unknown. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface FileViewer {
  /** Shows a downloaded attachment (a PDF or image) with the system viewer or in the app. */
  open(file: { blob: Blob; name: string; mimeType: string }): Promise<void>;
}

export interface Links {
  /** The URL that opened the app (a deep link), if any, and later ones. */
  initial(): Promise<string | null>;
  subscribe(listener: (url: string) => void): () => void;
}

export interface MobileServices {
  storage: SecureStorage;
  biometrics: Biometrics;
  push: PushNotifications;
  connectivity: Connectivity;
  files: FileViewer;
  links: Links;
  /** Origin of the API ('' = the same origin, the web build served beside the API). */
  apiBaseUrl: string;
  fetchImpl?: typeof fetch;
  /** Check every answer against its route's declaration (development and tests; api-client). */
  validateResponses?: boolean;
}
