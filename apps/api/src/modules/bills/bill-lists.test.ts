import type { BillSummary } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { billApprovals, bills } from '../bill-core/tables.ts';
import { caller } from '../entities/test-support.ts';
import { users } from '../users/tables.ts';
import { billBooks } from './test-support.ts';

type Books = Awaited<ReturnType<typeof billBooks>>;
const guids = (body: { results: BillSummary[] }) => body.results.map((b) => b.guid);

// Delacroix Estate has no demo bills, so every count here is this file's own.
describe.each(backends)('bill lists and queues (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let books: Books;
  let call: ReturnType<typeof caller>;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    books = await billBooks(t, 'Delacroix Estate');
    call = caller(t, await login(t.app, 'associate@demo.test'));
    const create = async (key: string, overrides: Parameters<Books['request']>[0], draft = false) => {
      const res = await call('POST', books.base, {
        ...books.request(overrides),
        ...(draft ? { draft } : {}),
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      made[key] = res.json().guid;
    };
    await create('small', {
      amount: 500,
      due_date: '2030-03-01',
      lines: [{ account: books.electricity.guid, amount: 500 }],
    });
    await create('big', {
      amount: 90_000,
      due_date: '2030-01-01',
      vendor: books.landscaping.guid,
      invoice_number: 'LAWN-77',
      lines: [{ account: books.electricity.guid, amount: 90_000 }],
    });
    await create('mid', {
      amount: 7_000,
      due_date: '2030-02-01',
      lines: [{ account: books.water.guid, amount: 7_000 }],
    });
    await create(
      'draft',
      { amount: 100, due_date: '2030-04-01', lines: [{ account: books.water.guid, amount: 100 }] },
      true,
    );
    // One bill approved by the client (now payment_pending) and one paid.
    const { db } = t.deps.database;
    const [manager] = await db.select().from(users).where(eq(users.email, 'manager@demo.test'));
    const [mid] = await db
      .select()
      .from(bills)
      .where(eq(bills.guid, made.mid as string));
    if (!mid || !manager) throw new Error('missing');
    await db.insert(billApprovals).values([
      { billId: mid.id, round: mid.round, step: 'org_approval', userId: manager.id, result: 'approved' },
      { billId: mid.id, round: mid.round, step: 'client_approval', userId: manager.id, result: 'approved' },
    ]);
    await db.update(bills).set({ status: 'payment_pending' }).where(eq(bills.id, mid.id));
    await db
      .update(bills)
      .set({ status: 'paid', paidDate: '2030-01-02' })
      .where(eq(bills.guid, made.big as string));
  });

  it('orders by due date then id by default, and by amount, creation or vendor on request', async () => {
    const byDue = (await call('GET', books.base)).json();
    expect(byDue.count).toBe(4);
    expect(guids(byDue)).toEqual([made.big, made.mid, made.small, made.draft]);
    expect(guids((await call('GET', `${books.base}?ordering=-amount`)).json())).toEqual([
      made.big,
      made.mid,
      made.small,
      made.draft,
    ]);
    expect(guids((await call('GET', `${books.base}?ordering=created_on`)).json())).toEqual([
      made.small,
      made.big,
      made.mid,
      made.draft,
    ]);
    const byVendor = guids((await call('GET', `${books.base}?ordering=-vendor`)).json());
    // Pacific Power & Light after Evergreen Landscaping, descending: Pacific first.
    expect(byVendor.at(-1)).toBe(made.big);
    // An unknown ordering falls back to the default.
    expect(guids((await call('GET', `${books.base}?ordering=drop_table`)).json())).toEqual(guids(byDue));
  });

  it('pages with next and previous links', async () => {
    const first = (await call('GET', `${books.base}?page_size=3`)).json();
    expect(first).toMatchObject({ count: 4, previous: null });
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('page=2');
    const second = (await call('GET', `${books.base}?page_size=3&page=2`)).json();
    expect(guids(second)).toEqual([made.draft]);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
    // A page past the end is empty but still says how many bills the list holds; a list with no bill, 0.
    const past = (await call('GET', `${books.base}?page_size=3&page=5`)).json();
    expect(past).toMatchObject({ count: 4, results: [] });
    const none = (await call('GET', `${books.base}?page_size=3&status=ofac_approval`)).json();
    expect(none).toMatchObject({ count: 0, results: [] });
  });

  it('filters by status, queue, entity, vendor, search and the client lists', async () => {
    const list = async (query: string) => guids((await call('GET', `${books.base}?${query}`)).json());
    expect(await list('queue=pre-bill-inbox')).toEqual([made.draft]);
    expect(await list('status=org_approval')).toEqual([made.small]);
    expect(await list('queue=paid')).toEqual([made.big]);
    expect(await list(`entity=${books.legal.guid}`)).toHaveLength(4);
    expect(await list('entity=all-entities')).toHaveLength(4);
    expect(await list(`entity=${books.personal.guid}`)).toEqual([]);
    expect(await list(`vendor=${books.landscaping.guid}`)).toEqual([made.big]);
    expect(await list('search=lawn-7')).toEqual([made.big]);
    expect(await list('search=evergreen')).toEqual([made.big]);
    expect(await list('client_list=approved')).toEqual([made.mid]);
    expect(await list('client_list=paid')).toEqual([made.big]);
    expect(await list('client_list=client-pre-bill')).toEqual([]);
    expect(await list('client_list=auto-approved')).toEqual([]);
    const bad = await call('GET', `${books.base}?queue=nope`);
    expect(bad.statusCode).toBe(400);
  });

  it("lists the organisation's queues with client and entity filters, and counts every queue", async () => {
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const queue = (
      await manager('GET', `${books.queues}?client=${books.client.guid}&queue=org-approval`)
    ).json();
    expect(guids(queue)).toEqual([made.small]);
    expect(queue.results[0]).toMatchObject({
      client: { guid: books.client.guid, name: 'Delacroix Estate' },
      entity: { guid: books.legal.guid },
      vendor: { guid: books.power.guid, name: books.power.name },
    });
    const all = (
      await manager('GET', `${books.queues}?client=all-clients&entity=${books.legal.guid}&ordering=amount`)
    ).json();
    expect(guids(all)).toEqual([made.draft, made.small, made.mid, made.big]);

    const counts = (await manager('GET', `${books.queues}/queue-counts?client=${books.client.guid}`)).json();
    expect(counts).toEqual({
      'pre-bill-inbox': 1,
      'client-approval': 0,
      'verbal-approval': 0,
      'payment-pending': 1,
      'org-approval': 1,
      'poa-approval': 0,
      paid: 1,
      rejected: 0,
      capped: [],
    });
    const { capped, ...none } = (
      await manager('GET', `${books.queues}/queue-counts?entity=${books.personal.guid}`)
    ).json();
    expect(capped).toEqual([]);
    expect(Object.values(none).every((n) => n === 0)).toBe(true);

    // Another organisation's admin reaches neither.
    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other('GET', books.queues)).statusCode).toBe(404);
    expect((await other('GET', `${books.queues}/queue-counts`)).statusCode).toBe(404);
    // Client users have no organisation queues.
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client('GET', books.queues)).statusCode).toBe(404);
  });
});
