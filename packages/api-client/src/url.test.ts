import { describe, expect, it } from 'vitest';
import { buildUrl } from './url.ts';

describe('buildUrl', () => {
  it('joins base and path', () => {
    expect(buildUrl('', '/v1/accounts/clients')).toBe('/v1/accounts/clients');
    expect(buildUrl('http://api.test/', '/v1/x')).toBe('http://api.test/v1/x');
  });
  it('drops the no-filter values and empty values (SPEC.md §5)', () => {
    const url = buildUrl('', '/v1/billing/bills', {
      entity: 'all-entities',
      client: 'all-clients',
      page: 1,
      page_size: 10,
      search: undefined,
      ordering: null,
      archived: false,
    });
    expect(url).toBe('/v1/billing/bills?page=1&page_size=10&archived=false');
  });
  it('leaves the url bare when every value is dropped', () => {
    expect(buildUrl('', '/v1/x', { entity: 'all-entities' })).toBe('/v1/x');
  });
  it('encodes values', () => {
    expect(buildUrl('', '/v1/x', { search: 'a&b c' })).toBe('/v1/x?search=a%26b+c');
  });
  it('writes a list value once per item, as the API reads repeated keys (status=a&status=b)', () => {
    expect(buildUrl('', '/v1/x', { status: ['new', 'paid'], page: 1 })).toBe(
      '/v1/x?status=new&status=paid&page=1',
    );
  });
  it('drops empty and no-filter items of a list, and the key when none is left', () => {
    expect(buildUrl('', '/v1/x', { status: [] })).toBe('/v1/x');
    expect(buildUrl('', '/v1/x', { entity: ['all-entities', null, 'e1'] })).toBe('/v1/x?entity=e1');
  });
});
