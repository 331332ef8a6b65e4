import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start in production without a real secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'change-me' })).toThrow(
      /JWT_SECRET/,
    );
    const jwt = { NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'qQ4vN9xZ2mT7rL0pW5kY8bC3dF6gH1jS' };
    expect(() => loadConfig(jwt)).toThrow(/CONNECTION_SECRETS_KEY/);
    expect(() => loadConfig({ ...jwt, CONNECTION_SECRETS_KEY: jwt.JWT_SECRET })).toThrow(
      /CONNECTION_SECRETS_KEY/,
    );
    const ok = loadConfig({ ...jwt, CONNECTION_SECRETS_KEY: 'Zr8pL2wQ9mX4tV7nB1cK6yH3dF0gJ5sA' });
    expect(ok.demo).toBe(false);
    expect(ok.secrets).toEqual({ key: 'Zr8pL2wQ9mX4tV7nB1cK6yH3dF0gJ5sA', previousKeys: [] });
  });

  it('seals secrets with JWT_SECRET outside production, and keeps previous keys for opening', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      CONNECTION_SECRETS_PREVIOUS_KEYS: ' old-key-of-thirty-two-characters-xx , ',
    });
    expect(config.secrets).toEqual({
      key: config.jwtSecret,
      previousKeys: ['old-key-of-thirty-two-characters-xx'],
    });
    expect(() => loadConfig({ DATA_DIR: dir, CONNECTION_SECRETS_KEY: 'too-short' })).toThrow(/32/);
  });

  it('keeps a generated secret in the data folder in development, and seeds demo data', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dir, '.jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(first.demo).toBe(true);
    expect(first.port).toBe(8080);
    expect(first.databaseUrl).toBeUndefined();
  });

  it('reads PORT, DATABASE_URL and refuses a bad port', () => {
    const config = loadConfig({ DATA_DIR: dir, PORT: '9090', DATABASE_URL: 'postgres://x@h/db' });
    expect(config.port).toBe(9090);
    expect(config.databaseUrl).toBe('postgres://x@h/db');
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads the store listings of the mobile app and refuses one that is not https', () => {
    const listings = {
      APP_STORE_URL: 'https://apps.apple.com/us/app/acme-billpay/id1234567890',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.acme.billpay',
    };
    expect(loadConfig({ DATA_DIR: dir, ...listings }).mobileApp).toEqual({
      appStoreUrl: listings.APP_STORE_URL,
      playStoreUrl: listings.PLAY_STORE_URL,
    });
    expect(loadConfig({ DATA_DIR: dir }).mobileApp.appStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(() => loadConfig({ DATA_DIR: dir, APP_STORE_URL: 'http://apps.example/x' })).toThrow(
      /APP_STORE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, PLAY_STORE_URL: 'not a url' })).toThrow(/PLAY_STORE_URL/);
  });
});
