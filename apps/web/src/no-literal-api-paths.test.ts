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

const API_PATH = /['"`]\/v1\//;

describe('API paths in the web app', () => {
  it('reads the app sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('has no literal /v1/ path', () => {
    const withLiterals = Object.entries(sources)
      .filter(([, text]) => API_PATH.test(text))
      .map(([file]) => file)
      .sort();
    expect(withLiterals).toEqual([]);
  });
});
