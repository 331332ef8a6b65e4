import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the real server (`npm start`'s code path): the built SPA
 * and the API on one port, on a new PGlite data folder seeded with the demo data.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}
const PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Generous for a 2-core machine running two browsers beside the server: a test that passes takes what it
  // takes; this bounds only a stuck one.
  timeout: 60_000,
  // 20 s: on a slower 2-core machine with both workers busy, a bill's creation once took over 10 s to
  // confirm (commitments.spec, CI of 2026-11-29). A wait that should fail still fails, only later.
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Off unless asked for (E2E_TRACE=1, or `--trace on`): recording a trace screencasts every page of
    // every test, which cost ~40 % of the suite's time in Chromium on this 2-core machine, and a CI run's
    // traces are not kept anyway. A failure still leaves its screenshot and error context.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /mobile-app\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The companion app's web build at a phone's size, served on E2E_PORT + 4 (decision 033).
    {
      name: 'mobile-app',
      testMatch: /mobile-app\.spec\.ts$/,
      use: {
        baseURL: `http://127.0.0.1:${PORT + 4}`,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node ./support/start-server.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the start script stops the server and drops the database
    // it made when it ran on PostgreSQL (E2E_POSTGRES=1).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
