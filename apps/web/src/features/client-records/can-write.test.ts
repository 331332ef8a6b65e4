import { describe, expect, it } from 'vitest';
import { canWrite } from './can-write.ts';

describe('canWrite', () => {
  it('lets only the client role write on client screens', () => {
    expect(canWrite('client')).toBe(true);
    for (const role of ['observer', 'designee', 'reviewer', 'exec', '', null, undefined]) {
      expect(canWrite(role)).toBe(false);
    }
  });
});
