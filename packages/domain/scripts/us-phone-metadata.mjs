// Writes src/phone-metadata.us.json: libphonenumber-js's "min" metadata cut down to the United States.
// The app only validates and formats US numbers (SPEC §5), and the full metadata would add ~20 KB
// gzipped to every page that shows a phone number. Run again after upgrading libphonenumber-js
// (phone-metadata.test.ts fails until you do): npm run phone-metadata -w @bp/domain
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { usOnlyMetadata } from './us-only-metadata.mjs';

const require = createRequire(import.meta.url);
const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8'));
const target = new URL('../src/phone-metadata.us.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(usOnlyMetadata(full))}\n`);
console.log(`wrote ${target.pathname} (libphonenumber-js metadata ${full.version})`);
