import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  return {
    env: mode,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: resolve(env.WEB_DIST ?? join(import.meta.dirname, '../../../web/dist')),
    demo: mode !== 'production' && env.DEMO !== '0',
    filesDir: resolve(env.FILES_DIR ?? join(dataDir, 'files')),
    sanctionsFile: env.SANCTIONS_FILE ? resolve(env.SANCTIONS_FILE) : undefined,
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
