import { describe, expect, it } from 'vitest';

/**
 * The app reaches the API only through the route declarations of @bp/contracts (`api.call(route, …)`),
 * so a renamed route is a type error, not a broken screen. A `/v1/` literal in the app's code is a
 * path written by hand; tests may still script answers by path.
 */
const sources = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/*.test-support.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/**
 * Files whose calls still build paths by hand, each to be moved onto the declarations (issue 11,
 * item 3). The list only shrinks: a file that no longer needs its place fails the test too.
 */
const STILL_TO_CONVERT: readonly string[] = [
  './features/bill-lists/billing-paths.ts',
  './features/client-records/BanksTab.tsx',
  './features/client-records/api-paths.ts',
];

const API_PATH = /['"`]\/v1\//;

describe('API paths in the web app', () => {
  it('reads the app sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('has no literal /v1/ path outside the files still being converted', () => {
    const withLiterals = Object.entries(sources)
      .filter(([, text]) => API_PATH.test(text))
      .map(([file]) => file)
      .sort();
    expect(withLiterals.filter((file) => !STILL_TO_CONVERT.includes(file))).toEqual([]);
    expect(STILL_TO_CONVERT.filter((file) => !withLiterals.includes(file))).toEqual([]);
  });
});
