import { describe, expect, it } from 'vitest';
import { SecretBoxError, secretBox } from './secret-box.ts';

const KEY = 'a key of at least thirty-two characters, for tests';
const OTHER = 'another key, also long enough to use in tests';

describe('secretBox', () => {
  it('opens what it sealed, and never shows the plaintext in the sealed value', () => {
    const box = secretBox(KEY, 'test tokens');
    const sealed = box.seal('refresh-token-123');
    expect(sealed).not.toContain('refresh-token-123');
    expect(box.seal('refresh-token-123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('refresh-token-123');
  });

  it('refuses a value sealed with another key, for another purpose, or altered', () => {
    const sealed = secretBox(KEY, 'test tokens').seal('s3cret');
    expect(() => secretBox(OTHER, 'test tokens').open(sealed)).toThrow(SecretBoxError);
    expect(() => secretBox(KEY, 'other purpose').open(sealed)).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => secretBox(KEY, 'test tokens').open(parts.join('.'))).toThrow(SecretBoxError);
    expect(() => secretBox(KEY, 'test tokens').open('plain text')).toThrow(SecretBoxError);
  });

  it('opens values sealed before a key rotation and seals with the new key', () => {
    const before = secretBox(OTHER, 'test tokens').seal('old');
    const rotated = secretBox(KEY, 'test tokens', [OTHER]);
    expect(rotated.open(before)).toBe('old');
    expect(secretBox(KEY, 'test tokens').open(rotated.seal('new'))).toBe('new');
  });

  it('refuses a short key', () => {
    expect(() => secretBox('short', 'test tokens')).toThrow(/32 characters/);
  });
});
