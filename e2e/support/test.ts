import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, closing after each test the browser contexts the test opened itself (`as()`,
 * `browser.newContext()`): Playwright closes only its own `context` fixture, so the pages of a worker's
 * earlier tests stayed open, kept polling the server, and slowed every later test of that worker (a CI run
 * had 13 of them open when a test ran out of time).
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
