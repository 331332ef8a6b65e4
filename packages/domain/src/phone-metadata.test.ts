import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { usOnlyMetadata } from '../scripts/us-only-metadata.mjs';
import committed from './phone-metadata.us.json' with { type: 'json' };

describe('the US phone metadata', () => {
  it('is what the installed libphonenumber-js gives (run `npm run phone-metadata -w @bp/domain` after an upgrade)', () => {
    const require = createRequire(import.meta.url);
    const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
    expect(committed).toEqual(usOnlyMetadata(full));
  });
});
