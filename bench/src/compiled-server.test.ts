import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILED_SERVER, compiledServerStart } from './compiled-server.ts';

describe('compiledServerStart', () => {
  it("starts the server as apps/api's start script does: its environment, its flags, then the bundle", () => {
    const script: string = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../apps/api/package.json'), 'utf8'),
    ).scripts.start;
    const { args, env } = compiledServerStart();
    expect(args.at(-1)).toBe(COMPILED_SERVER);
    expect(COMPILED_SERVER.endsWith(join('apps', 'api', 'dist', 'server.mjs'))).toBe(true);
    // Every word of the script comes back: NAME=value words as the environment, the rest as node's flags.
    const rebuilt = [
      ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
      'node',
      ...args.slice(0, -1),
      'dist/server.mjs',
    ];
    expect(rebuilt.join(' ')).toBe(script.trim().split(/\s+/).join(' '));
  });
});
