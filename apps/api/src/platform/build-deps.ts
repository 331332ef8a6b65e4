import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { AppDeps } from './deps.ts';
import { localFileStorage } from './storage.ts';
import { createTokenService } from './tokens.ts';

export function buildDeps(config: Config, database: Database, now: () => Date = () => new Date()): AppDeps {
  return {
    config,
    database,
    tokens: createTokenService(config.jwtSecret, () => now().getTime()),
    storage: localFileStorage(config.filesDir),
    now,
  };
}
