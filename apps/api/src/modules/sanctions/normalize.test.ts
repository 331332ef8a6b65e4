import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSanctionsName, sanctionsTokenKey } from './screening.ts';

describe('normalizeSanctionsName', () => {
  it.each([
    ['PETROV, Ivan', 'petrov ivan'],
    ['  Ivan   Petrov ', 'ivan petrov'],
    ['MÜLLER, Jürgen', 'muller jurgen'],
    ['Hélène Dubois', 'helene dubois'],
    ['Łukasz Straße', 'lukasz strasse'],
    ["O'BRIEN, Seamus", 'obrien seamus'],
    ['NORTHWIND MARITIME TRADING CO., LTD.', 'northwind maritime trading'],
    ['Blue River Holdings, Inc.', 'blue river holdings'],
    ['Golden Crescent Exchange L.L.C.', 'golden crescent exchange'],
    ['RED CEDAR BANK, S.A.', 'red cedar bank'],
    ['AL-RASHID, Omar', 'al rashid omar'],
    ['Acme & Sons (Holdings) Corp', 'acme sons holdings'],
    // Nothing but a legal form: kept, so there is still something to compare.
    ['Co.', 'co'],
    ['', ''],
    ['--- ,,, ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSanctionsName(input)).toBe(expected);
  });

  const anyName = fc.string({ unit: fc.constantFrom('a', 'B', 'é', 'Ü', ' ', ',', '.', '-', "'", '1', 'ß') });

  it('gives lower-case letters and digits separated by single spaces, and is idempotent', () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const normalized = normalizeSanctionsName(name);
        expect(normalized).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
        expect(normalizeSanctionsName(normalized)).toBe(normalized);
      }),
    );
  });

  it('ignores case, accents, punctuation and spacing', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const plain = normalizeSanctionsName(words.join(' '));
        const noisy = words.map((w) => w.toUpperCase()).join(' ,  ');
        expect(normalizeSanctionsName(noisy)).toBe(plain);
      }),
    );
  });

  it('makes word order irrelevant for the token key', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const key = sanctionsTokenKey(normalizeSanctionsName(words.join(' ')));
        const reversed = sanctionsTokenKey(normalizeSanctionsName([...words].reverse().join(', ')));
        expect(reversed).toBe(key);
      }),
    );
  });
});
