import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserContracts } from './build/browser-contracts.ts';

/** Decision 039's addendum: shared chunks below 20 KB of source are inlined into their importers. */
const COMMON_CHUNK_INLINE_BYTES = 20 * 1024;

// The API listens on 8080; in development Vite forwards its paths so the app stays same-origin.
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
const proxied = { target: API_ORIGIN, changeOrigin: false };

/**
 * Writes a .br and a .gz beside every text file of the build, once, at maximum compression: the API
 * serves them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  return {
    name: 'bp:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = join(entry.parentPath, entry.name);
        // Source maps are for developers who open them; the manifest is read at build time only.
        if (!entry.isFile() || !compressible.test(entry.name) || file.endsWith('.map')) continue;
        if (file.includes(`${join(outDir, '.vite')}`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [browserContracts(), react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/v1': proxied, '/healthz': proxied, '/docs': proxied },
  },
  preview: {
    proxy: { '/v1': proxied, '/healthz': proxied, '/docs': proxied },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/check-bundle.ts to sum each page's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (issue 12, decision 039's addendum). Rolldown's automatic splitting made a
        // chunk of every set of routes sharing a module: ~110 files for a signed-in page, ~38 for the
        // sign-in page, which queue on HTTP/1.1's six connections ahead of the page's API reads.
        codeSplitting: {
          // What the entry imports statically is needed by every page: one chunk. Without its
          // dependencies recursively, which would pull lazily loaded modules into it.
          groups: [{ name: 'app', tags: ['$initial'], includeDependenciesRecursively: false }],
          // A shared chunk smaller than this (source bytes before minifying) is copied into each chunk
          // that imports it instead of being a file of its own. The copies cost a few KB per page.
          experimentalInlineCommonChunks: { maxSize: COMMON_CHUNK_INLINE_BYTES },
        },
        // Required by the inlining above (Rolldown turns it on anyway): each module's code runs in the
        // order of the imports whichever chunk it sits in, so that copies and merges change nothing.
        strictExecutionOrder: true,
      },
    },
  },
});
