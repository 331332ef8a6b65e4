import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserContracts } from './build/browser-contracts.ts';

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
  },
});
