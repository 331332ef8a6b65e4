// Bundle budgets (issue 12, decision 039): each route's JavaScript before it renders, gzipped, against its
// budget in bundle-budgets.json. Run after `vite build` (the web package's build script does both, so it
// runs in `npm test`); exits non-zero when a page grows past its budget or a new page has none.
// `node scripts/check-bundle.ts --write-budgets` rewrites the budgets from this build, with a little room.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Budgets, budgetsFor, checkBudgets, type Manifest, pageSizes } from './bundle-budgets.ts';

const args = process.argv.slice(2);
const write = args.includes('--write-budgets');
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(import.meta.dirname, '..', 'dist'));
const budgetsFile = join(import.meta.dirname, 'bundle-budgets.json');

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const gzipped = new Map<string, number>();
const gzipSize = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
};

const sizes = pageSizes(manifest, gzipSize);
if (write) {
  writeFileSync(budgetsFile, `${JSON.stringify(budgetsFor(sizes), null, 2)}\n`);
  console.log(`check-bundle: wrote the budgets of ${sizes.length} pages to ${budgetsFile}.`);
}
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as Budgets;
const { lines, failures } = checkBudgets(sizes, budgets);
console.log('Initial JavaScript per page, gzipped:');
for (const line of lines) console.log(line);
if (failures.length > 0) {
  console.error(
    `check-bundle: ${failures.join(', ')} over budget or without one. Make the page smaller, or, when the ` +
      'growth is meant, rewrite the budgets (`node scripts/check-bundle.ts --write-budgets` in apps/web) and ' +
      'say why in the commit (docs/performance.md, "Web app").',
  );
  process.exit(1);
}
