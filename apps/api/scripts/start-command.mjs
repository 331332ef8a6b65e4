// How `npm start` runs the compiled server, read from apps/api's `start` script
// (`[NAME=value …] node <flags> dist/server.mjs`), so that the browser tests and the benchmarks start it
// exactly so, with no copy of the flags or the environment to fall behind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const API_DIR = join(import.meta.dirname, '..');

/** The compiled server `npm run build -w @bp/api` writes and `npm start` runs. */
export const COMPILED_SERVER = join(API_DIR, 'dist/server.mjs');

/**
 * The environment settings and node flags of the `start` script. Throws when the script has another
 * form, so a change to it cannot silently leave the tests and benchmarks running something else.
 */
export function apiStartCommand() {
  const script = JSON.parse(readFileSync(join(API_DIR, 'package.json'), 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.mjs')
    throw new Error(
      `apps/api's start script is not "[NAME=value …] node <flags> dist/server.mjs": ${script}`,
    );
  return { env, flags: words.slice(1, -1) };
}
