import { describe, expect, it } from 'vitest';
import { BULK_QUEUES, chunk, queueSearch, readQueueParams } from './queue-params.ts';

describe('queue url params', () => {
  it('reads defaults and ignores what it does not know', () => {
    expect(readQueueParams(new URLSearchParams('ordering=hack&page=-3&entity=e1'))).toEqual({
      client: 'all-clients',
      entity: 'all-entities',
      ordering: 'due_date',
      page: 1,
    });
    expect(readQueueParams(new URLSearchParams('client=c1&entity=e1&ordering=-amount&page=3'))).toEqual({
      client: 'c1',
      entity: 'e1',
      ordering: '-amount',
      page: 3,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      queueSearch({ client: 'all-clients', entity: 'all-entities', ordering: 'due_date', page: 1 }),
    ).toBe('');
    expect(queueSearch({ client: 'c1', entity: 'e1', ordering: 'vendor', page: 2 })).toBe(
      '?client=c1&entity=e1&ordering=vendor&page=2',
    );
  });

  it('chunks bills by 10 and offers bulk actions except on paid and rejected', () => {
    expect(chunk([...Array(45).keys()], 10).map((part) => part.length)).toEqual([10, 10, 10, 10, 5]);
    expect(BULK_QUEUES).not.toContain('paid');
    expect(BULK_QUEUES).not.toContain('rejected');
    expect(BULK_QUEUES).toHaveLength(6);
  });
});
