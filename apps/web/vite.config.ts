import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API listens on 8080; in development Vite forwards its paths so the app stays same-origin.
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
const proxied = { target: API_ORIGIN, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
