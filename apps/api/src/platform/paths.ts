import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The API package's folder (apps/api), found from this file whether it runs as source (src/platform/) or
 * compiled into one bundle (dist/): the first folder upwards holding a package.json. Paths the server
 * reads at run time (migrations, the web build) are taken from here, not from this file's depth.
 */
function findApiRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const API_ROOT = findApiRoot(import.meta.dirname);
