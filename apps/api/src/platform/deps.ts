import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { FileStorage } from './storage.ts';
import type { TokenService } from './tokens.ts';

/** What modules are built from: narrowed per module where it helps testing. */
export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  storage: FileStorage;
  /** Injected clock so expiry rules are testable. */
  now: () => Date;
}
