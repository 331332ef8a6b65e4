import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const rootModule = (name: string) => fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url));

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2-core machine that ran one test file at a
    // time while PostgreSQL, which the API files wait on, has its own processes. Two keep both cores busy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'api-client', root: 'packages/api-client', include: ['src/**/*.test.ts'] } },
      // The benchmarks' own logic (a run's clean-up on Ctrl-C); never a measurement.
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          // Migrates once per run; every test file's database starts from that template.
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; keep the API suites to one worker per core.
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          // The build's own steps (build/, scripts/) are tested here too.
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Above the 15 s that findBy…/waitFor wait (test-setup.ts), so a slow wait fails as what it waited for.
          testTimeout: 40_000,
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mui/material',
                  '@mui/material/**',
                  '@mui/icons-material/**',
                  '@mui/x-charts',
                  '@emotion/react',
                  '@emotion/styled',
                  '@tanstack/react-query',
                  'react-hook-form',
                  '@hookform/resolvers/zod',
                  'react-router',
                  'notistack',
                  'date-fns',
                ],
              },
            },
          },
        },
      },
      {
        // The companion app's components on react-native-web in jsdom (decision 033). Its sources would
        // pick the app's own React (the Expo SDK's pin, apps/mobile/node_modules) while the testing
        // libraries load the workspace's: one React for the whole test, the workspace's.
        resolve: {
          alias: [
            { find: /^react-native$/, replacement: rootModule('react-native-web') },
            { find: /^react$/, replacement: rootModule('react') },
            { find: /^react\/(.*)$/, replacement: `${rootModule('react')}/$1` },
            { find: /^react-dom$/, replacement: rootModule('react-dom') },
            { find: /^react-dom\/(.*)$/, replacement: `${rootModule('react-dom')}/$1` },
          ],
        },
        define: { __DEV__: 'true' },
        test: {
          name: 'mobile',
          root: 'apps/mobile',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Each test walks several screens; generous for a loaded 2-core machine, not a timing assertion.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
