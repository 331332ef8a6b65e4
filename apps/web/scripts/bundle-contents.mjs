// What a page's initial JavaScript is made of (issue 12, docs/performance.md "Web app"): after
// `npm run build -w @bp/web`, `node scripts/bundle-contents.mjs [sign-in|layouts|<page>] [count]` prints the
// page's chunks and its bytes by package, gzipped. <page> is part of a lazy module's path (e.g.
// features/clients/); a signed-in page is counted with the signed-in layouts, as check-bundle.ts does.
// Each chunk's gzipped size is shared among its source modules in proportion to the bytes its source map
// gives them: an estimate, good for ranking.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(join(import.meta.dirname, '..', 'dist'));
const which = process.argv[2] ?? 'sign-in';
const count = Number(process.argv[3] ?? 25);
/** @type {Record<string, {file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const keys = Object.keys(manifest);
const entries = keys.filter((key) => manifest[key].isEntry);
const lazy = keys.filter((key) => manifest[key].isDynamicEntry);
const layouts = lazy.filter((key) => key.includes('app/layouts/'));
const roots =
  which === 'sign-in'
    ? [...entries, ...lazy.filter((key) => key.includes('features/auth/'))]
    : [...entries, ...layouts, ...(which === 'layouts' ? [] : lazy.filter((key) => key.includes(which)))];

const seen = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) walk(imported);
};
roots.forEach(walk);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Source map `mappings` as [generated line, generated column, source index] segments. */
function* segments(mappings) {
  let source = 0;
  let line = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      yield [line, column, fields.length > 1 ? source : -1];
    }
    line += 1;
  }
}

/** node_modules package, workspace package, or the app's folder. */
function ownerOf(source) {
  const nodeModule = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (nodeModule) return nodeModule[1];
  const workspace = source.match(/packages\/([^/]+)\//);
  if (workspace) return `@bp/${workspace[1]}`;
  return `app: ${source.match(/src\/(.*\/)?/)?.[0] ?? source}`;
}

const byOwner = new Map();
const chunks = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file), 'utf8');
  const gzipped = gzipSync(code, { level: 9 }).length;
  chunks.push([file, gzipped]);
  let map;
  try {
    map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  } catch {
    byOwner.set('(no source map)', (byOwner.get('(no source map)') ?? 0) + gzipped);
    continue;
  }
  const lineStarts = [0];
  for (const lineText of code.split('\n')) lineStarts.push(lineStarts.at(-1) + lineText.length + 1);
  const points = [...segments(map.mappings)].map(([line, column, source]) => [
    lineStarts[line] + column,
    source < 0 ? '(unmapped)' : ownerOf(map.sources[source]),
  ]);
  points.sort((a, b) => a[0] - b[0]);
  const bytes = new Map();
  points.forEach(([start, owner], index) => {
    const end = points[index + 1]?.[0] ?? code.length;
    bytes.set(owner, (bytes.get(owner) ?? 0) + end - start);
  });
  const mapped = [...bytes.values()].reduce((sum, size) => sum + size, 0) || 1;
  for (const [owner, size] of bytes) {
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + (size / mapped) * gzipped);
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`.padStart(9);
const total = chunks.reduce((sum, [, size]) => sum + size, 0);
console.log(`${which}: ${kb(total).trim()} gzipped in ${chunks.length} chunks`);
console.log('\nLargest chunks:');
for (const [file, size] of chunks.sort((a, b) => b[1] - a[1]).slice(0, count))
  console.log(`${kb(size)}  ${file}`);
console.log('\nBy package (estimated):');
for (const [owner, size] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, count)) {
  console.log(`${kb(size)}  ${owner}`);
}
