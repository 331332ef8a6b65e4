import { defineConfig } from 'vitest/config';

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
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Above the 5 s that findBy…/waitFor wait (test-setup.ts), so a slow wait fails as what it waited for.
          testTimeout: 20_000,
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
    ],
  },
});
