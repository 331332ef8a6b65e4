// Compiles the API ahead of time (issue 12, item 4): one ES module, dist/server.mjs, so production starts
// with plain `node` and no runtime TypeScript compiler. The workspace packages (@bp/contracts,
// @bp/domain) are TypeScript source and are bundled in; every other package stays an import of
// node_modules, so native addons (argon2), WebAssembly (PGlite) and files a package reads next to itself
// (pg-boss) load as they do in development.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist');

/** Bare imports other than the workspace's own stay external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@bp/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  // The API, and the inbound mail receiver as a process of its own (README: Inbound e-mail).
  entryPoints: { server: join(root, 'src/server.ts'), receiver: join(root, 'src/receiver.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // The map is written beside the bundle but `npm start` no longer loads it (decision 042): with
  // --enable-source-maps Node decoded it into ~255,000 small arrays (~35 MB resident for the life of the
  // process) as soon as the first stack was read, and pino reads one when Fastify creates its logger.
  // Stack traces name dist/server.mjs lines and, through keepNames, the source's function names; for
  // mapped traces start with NODE_OPTIONS=--enable-source-maps.
  sourcemap: true,
  // Stack traces and the log name functions as the source does.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Packages bundled as ES modules may still call require() for node built-ins.
  banner: {
    js: "import { createRequire as __bpCreateRequire } from 'node:module'; const require = __bpCreateRequire(import.meta.url);",
  },
});
// An ASCII-only bundle (decision 042): V8 keeps every script's source text for the life of the process,
// and one non-ASCII character makes the whole 1.7 MB of server.mjs a two-byte string (3.5 MB). esbuild
// already escapes strings and templates; what it leaves is a few comments and one regular expression
// (/ß/g), where a \uXXXX escape means the same. Columns of the source map move on those lines only.
for (const file of Object.keys(result.metafile.outputs).filter((name) => name.endsWith('.mjs'))) {
  const text = await readFile(file, 'utf8');
  const ascii = text.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== text) await writeFile(file, ascii);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`API built into ${outdir} (${(bytes / 1024).toFixed(0)} KB with its source map)`);

// A new PGlite data folder starts from this initialised cluster instead of running initdb in the
// server: initdb is a second PostgreSQL in WebAssembly that took the first start's memory past 500 MB and
// seven seconds (decision 020). Made by the same PGlite the server loads, so always compatible.
const initdb = await PGlite.create({ extensions: { pg_trgm } });
const template = await initdb.dumpDataDir('gzip');
await initdb.close();
await writeFile(join(outdir, 'pglite-initdb.tgz'), Buffer.from(await template.arrayBuffer()));
console.log(`PGlite's initialised cluster saved beside it (${(template.size / 1024).toFixed(0)} KB)`);
