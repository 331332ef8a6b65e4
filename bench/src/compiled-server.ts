import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(import.meta.dirname, '../..');

/** The compiled server `npm run build -w @bp/api` writes and `npm start` runs. */
export const COMPILED_SERVER = join(REPO_ROOT, 'apps/api/dist/server.mjs');

/**
 * The node flags of apps/api's `start` script (`node <flags> dist/server.mjs`), so a benchmark starts the
 * compiled server as `npm start` does, with no copy of the flags to fall behind.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.mjs')
    throw new Error(`apps/api's start script is not "node <flags> dist/server.mjs": ${pkg.scripts.start}`);
  return words.slice(1, -1);
}
