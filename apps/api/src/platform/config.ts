import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type FinancialDataConfig, loadFinancialDataConfig } from './findata-config.ts';
import { API_ROOT } from './paths.ts';

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Folder of the embedded database and local files. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded PGlite, when set. */
  databaseUrl: string | undefined;
  /** HMAC secret that signs the tokens. */
  jwtSecret: string;
  /** Public URL of the web app, used in links sent by e-mail. */
  publicUrl: string;
  /** Built SPA to serve, if present. */
  webDist: string;
  /** Demo mode: seeds demo data and shows the outbox. Never in production. */
  demo: boolean;
  /** Folder of uploaded files. */
  filesDir: string;
  /** OFAC SDN CSV file loaded into the sanctions list at start-up, when set (decision 010). */
  sanctionsFile?: string | undefined;
  /** Outgoing e-mail, text messages and push (decision 011); an absent channel is "not configured". */
  delivery: DeliveryConfig;
  /**
   * PUBLIC_RATE_LIMIT_PER_MINUTE: requests per minute one address may make to the API routes that need
   * no sign-in (sign-in, token refresh, password reset, ...); a coarse limit beside the per-account
   * throttling (decision 016). Counted per API instance.
   */
  publicRateLimitPerMinute: number;
  /** Inbound e-mail to clients' pre-bill inboxes (issue 13). */
  inbound: InboundMailConfig;
  /**
   * The key that seals secrets kept in the database (connections' OAuth tokens, a job's account number;
   * platform/secret-box.ts). CONNECTION_SECRETS_KEY (at least 32 characters; required in production,
   * JWT_SECRET in development and tests); CONNECTION_SECRETS_PREVIOUS_KEYS, comma-separated, still
   * open values sealed before a rotation.
   */
  secrets: { key: string; previousKeys: string[] };
  /**
   * The companion app's store listings, which /download-app links to (APP_STORE_URL, PLAY_STORE_URL;
   * decision 033). Defaults are placeholders until the app is published.
   */
  mobileApp: { appStoreUrl: string; playStoreUrl: string };
  /** QuickBooks Online and the Web Connector (decision 035, README "QuickBooks"). */
  quickbooks: QuickbooksConfig;
  /** Bank feeds, investment data and mail scanning (issue 19): platform/findata-config.ts. */
  findata: FinancialDataConfig;
}

export const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/app/bill-pay/id0000000000';
export const DEFAULT_PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=com.example.billpay';

/** An https URL (a store listing), or the error that names the setting. */
function storeUrl(value: string | undefined, fallback: string, name: string): string {
  if (!value) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (parsed.protocol !== 'https:') throw new Error(`${name} must be an https URL: ${value}`);
  return parsed.toString();
}

export interface QuickbooksOnlineConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The Accounting API's origin (production or sandbox), without /v3. */
  apiBaseUrl: string;
  minorVersion: number;
}

export interface QuickbooksConfig {
  /** QBO_CLIENT_ID + QBO_CLIENT_SECRET set = QuickBooks Online is configured. */
  online: QuickbooksOnlineConfig | undefined;
  /** QBO_WEBHOOK_VERIFIER_TOKEN: verifies `intuit-signature`; unset = every webhook call is refused. */
  webhookVerifierToken: string | null;
  /** The Web Connector's SOAP endpoint, written into .qwc files (an https address outside localhost). */
  webConnectorUrl: string;
}

export interface InboundMailConfig {
  /** SMTP_INBOUND_PORT: the SMTP receiver's port (default 2525); 0 turns the receiver off. */
  smtpPort: number;
  /** SMTP_INBOUND_HOST: where it listens (default HOST). */
  host: string;
  /** INBOUND_MAIL_DOMAIN: the domain of clients' inbox addresses (default PUBLIC_URL's host). */
  domain: string;
  /**
   * INBOUND_WEBHOOK_SECRET: the password of the inbound-mail provider's webhook (HTTP basic auth, as
   * Postmark sends it); unset turns the webhook off (every call answers 401).
   */
  webhookSecret: string | null;
}

export interface DeliveryConfig {
  /** SMTP_HOST (set = e-mail configured), SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_SECURE, MAIL_FROM. */
  smtp:
    | { host: string; port: number; user?: string; password?: string; secure: boolean; from: string }
    | undefined;
  /** SMS_ACCOUNT_SID + SMS_AUTH_TOKEN + SMS_FROM (all set = SMS configured), SMS_API_BASE_URL. Twilio's REST shape. */
  sms: { baseUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  /** EXPO_PUSH_URL or EXPO_ACCESS_TOKEN (either set = push configured). Expo's push API shape. */
  push: { url: string; accessToken?: string } | undefined;
  /** OUTBOX_POLL_SECONDS: how often the job runner looks for messages to send. */
  pollMs: number;
}

const MIN_SECRET_LENGTH = 32;

/**
 * Reads the configuration from the environment. Production refuses to start without a real secret;
 * development keeps a generated one in the data folder so sessions survive a restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  let jwtSecret = env.JWT_SECRET ?? '';
  if (mode === 'production') {
    if (jwtSecret.length < MIN_SECRET_LENGTH || /change-?me|secret|example/i.test(jwtSecret)) {
      throw new Error(
        `JWT_SECRET must be set to a random value of at least ${MIN_SECRET_LENGTH} characters in production.`,
      );
    }
  } else if (!jwtSecret) {
    jwtSecret = devSecret(dataDir);
  }
  const secretsKey = env.CONNECTION_SECRETS_KEY ?? '';
  if (mode === 'production' && (secretsKey.length < MIN_SECRET_LENGTH || secretsKey === jwtSecret))
    throw new Error(
      `CONNECTION_SECRETS_KEY must be set to a random value of at least ${MIN_SECRET_LENGTH} characters, other than JWT_SECRET, in production.`,
    );
  if (secretsKey && secretsKey.length < MIN_SECRET_LENGTH)
    throw new Error(`CONNECTION_SECRETS_KEY must be at least ${MIN_SECRET_LENGTH} characters long.`);
  const previousKeys = (env.CONNECTION_SECRETS_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return {
    env: mode,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    publicUrl: publicUrlOf(env, port),
    webDist: resolve(env.WEB_DIST ?? join(API_ROOT, '../web/dist')),
    demo: mode !== 'production' && env.DEMO !== '0',
    filesDir: resolve(env.FILES_DIR ?? join(dataDir, 'files')),
    sanctionsFile: env.SANCTIONS_FILE ? resolve(env.SANCTIONS_FILE) : undefined,
    delivery: loadDeliveryConfig(env, port),
    inbound: loadInboundMailConfig(env, publicUrlOf(env, port), env.HOST ?? '0.0.0.0'),
    secrets: { key: secretsKey || jwtSecret, previousKeys },
    mobileApp: {
      appStoreUrl: storeUrl(env.APP_STORE_URL, DEFAULT_APP_STORE_URL, 'APP_STORE_URL'),
      playStoreUrl: storeUrl(env.PLAY_STORE_URL, DEFAULT_PLAY_STORE_URL, 'PLAY_STORE_URL'),
    },
    quickbooks: loadQuickbooksConfig(env, publicUrlOf(env, port)),
    findata: loadFinancialDataConfig(env, publicUrlOf(env, port)),
    publicRateLimitPerMinute: positiveInt(
      env.PUBLIC_RATE_LIMIT_PER_MINUTE,
      600,
      'PUBLIC_RATE_LIMIT_PER_MINUTE',
    ),
  };
}

const publicUrlOf = (env: NodeJS.ProcessEnv, port: number) =>
  (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');

function loadInboundMailConfig(env: NodeJS.ProcessEnv, publicUrl: string, host: string): InboundMailConfig {
  const smtpPort = Number(env.SMTP_INBOUND_PORT ?? 2525);
  if (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65535)
    throw new Error(
      `SMTP_INBOUND_PORT must be a port number (0 turns the receiver off): ${env.SMTP_INBOUND_PORT}`,
    );
  const domain = (env.INBOUND_MAIL_DOMAIN || new URL(publicUrl).hostname).toLowerCase();
  const webhookSecret = env.INBOUND_WEBHOOK_SECRET || null;
  if (webhookSecret !== null && webhookSecret.length < 16)
    throw new Error('INBOUND_WEBHOOK_SECRET must be at least 16 characters long.');
  return { smtpPort, host: env.SMTP_INBOUND_HOST ?? host, domain, webhookSecret };
}

/** QuickBooks settings; the defaults are Intuit's production endpoints (README "QuickBooks"). */
export function loadQuickbooksConfig(env: NodeJS.ProcessEnv, publicUrl: string): QuickbooksConfig {
  const trim = (url: string) => url.replace(/\/$/, '');
  const minorVersion = Number(env.QBO_MINOR_VERSION ?? 75);
  return {
    online:
      env.QBO_CLIENT_ID && env.QBO_CLIENT_SECRET
        ? {
            clientId: env.QBO_CLIENT_ID,
            clientSecret: env.QBO_CLIENT_SECRET,
            redirectUri: env.QBO_REDIRECT_URI || `${publicUrl}/integrations/qbonline/connect`,
            authUrl: env.QBO_AUTH_URL || 'https://appcenter.intuit.com/connect/oauth2',
            tokenUrl: env.QBO_TOKEN_URL || 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
            revokeUrl: env.QBO_REVOKE_URL || 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
            apiBaseUrl: trim(env.QBO_API_BASE_URL || 'https://quickbooks.api.intuit.com'),
            minorVersion: Number.isInteger(minorVersion) && minorVersion > 0 ? minorVersion : 75,
          }
        : undefined,
    webhookVerifierToken: env.QBO_WEBHOOK_VERIFIER_TOKEN || null,
    webConnectorUrl: env.QBWC_URL || `${publicUrl}/v1/integrations/qbdesktop/web-connector`,
  };
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0: ${value}`);
  return n;
}

const truthy = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';

/** Delivery settings; every variable is optional (README "Delivery"). Secrets come only from here. */
export function loadDeliveryConfig(env: NodeJS.ProcessEnv, port = 8080): DeliveryConfig {
  const secure = truthy(env.SMTP_SECURE);
  const smtpPort = Number(env.SMTP_PORT ?? (secure ? 465 : 587));
  if (env.SMTP_HOST && (!Number.isInteger(smtpPort) || smtpPort <= 0 || smtpPort > 65535))
    throw new Error(`SMTP_PORT is not a port number: ${env.SMTP_PORT}`);
  const publicHost = (() => {
    try {
      return new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname;
    } catch {
      return 'localhost';
    }
  })();
  const pollSeconds = Number(env.OUTBOX_POLL_SECONDS ?? 5);
  return {
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: smtpPort,
          ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
          ...(env.SMTP_PASSWORD ? { password: env.SMTP_PASSWORD } : {}),
          secure,
          from: env.MAIL_FROM || `Bill-pay platform <no-reply@${publicHost}>`,
        }
      : undefined,
    sms:
      env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
        ? {
            baseUrl: (env.SMS_API_BASE_URL || 'https://api.twilio.com').replace(/\/$/, ''),
            accountSid: env.SMS_ACCOUNT_SID,
            authToken: env.SMS_AUTH_TOKEN,
            from: env.SMS_FROM,
          }
        : undefined,
    push:
      env.EXPO_PUSH_URL || env.EXPO_ACCESS_TOKEN
        ? {
            url: env.EXPO_PUSH_URL || 'https://exp.host/--/api/v2/push/send',
            ...(env.EXPO_ACCESS_TOKEN ? { accessToken: env.EXPO_ACCESS_TOKEN } : {}),
          }
        : undefined,
    pollMs: Number.isFinite(pollSeconds) && pollSeconds > 0 ? pollSeconds * 1000 : 5000,
  };
}

function devSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
