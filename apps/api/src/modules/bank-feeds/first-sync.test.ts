import type { FeedOverview } from '@bp/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { billKit } from '../bill-search/test-support.ts';
import { operatingAccount, type PlaidStandIn } from './plaid-stand-in-test-support.ts';
import { plaidFor } from './test-support.ts';

const CHECKING = 'acc-first-sync';

/**
 * A new link's first sync on the job runner (decision 037, queue `bank-feeds.first-sync`): completing the
 * link answers at once with the job, whose progress the person who linked reads; the history then lands.
 */
describe.each(backends)('first sync on the job runner (%s)', (backend) => {
  const t = useTestApp(backend, { jobs: true });
  const kit = billKit(t);
  let plaid: PlaidStandIn;
  let staff: Caller;
  let base: string;
  let clientGuid: string;
  let entityGuid: string;

  beforeAll(async () => {
    plaid = await plaidFor(t);
    staff = caller(t, await login(t.app, 'manager@demo.test'));
    const { client, legal } = await kit.demoClient('Harper Household');
    clientGuid = client.guid;
    entityGuid = legal.guid;
    base = `/v1/accounts/clients/${client.guid}`;
  });
  afterAll(() => plaid?.close());

  it('answers the link with its job, reports progress, and brings every line into the books', async () => {
    const setup = await staff.post(
      `/v1/integrations/clients/${clientGuid}/entities/${entityGuid}/data-pipeline/setup`,
      {},
    );
    expect(setup.statusCode).toBe(201);
    plaid.nextItem({
      institutionName: 'First Platypus Bank',
      accounts: [operatingAccount(CHECKING, 900)],
      // More than one page of the aggregator's transactions/sync.
      transactions: Array.from({ length: 1_200 }, (_, i) => ({
        transaction_id: `fs-${i}`,
        account_id: CHECKING,
        amount: 1 + (i % 50),
        date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`,
        name: `LINE ${i}`,
        pending: false,
      })),
    });
    plaid.consent(setup.json().link_token);
    const done = await staff.post(`/v1/integrations/clients/${clientGuid}/data-pipeline/complete`, {
      link_token: setup.json().link_token,
    });
    expect(done.statusCode, done.body).toBe(201);
    const [item] = done.json().items;
    expect(item.first_sync_job_id).toEqual(expect.any(String));

    const job = await vi.waitFor(
      async () => {
        const answer = await staff.get(`/v1/jobs/${item.first_sync_job_id}`);
        expect(answer.statusCode).toBe(200);
        if (answer.json().state !== 'completed') throw new Error(`job ${answer.json().state}`);
        return answer.json();
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(job).toMatchObject({ queue: 'bank-feeds.first-sync', result: { status: 'active', added: 1_200 } });
    expect(job.progress).toMatchObject({ done: 1_200, total: 1_200 });

    const view = (await staff.get(`${base}/aggregator-accounts`)).json() as FeedOverview;
    expect(view.items[0]).toMatchObject({ first_sync_job_id: null, status: 'active' });
    expect(view.items[0]?.last_synced_at).not.toBeNull();
    const account = view.accounts[0];
    expect(account?.book_account?.name).toBe('First Platypus Bank Operating ••4821');
    const books = await staff.get(
      `/v2/integrations/proxy/entity/clients/${clientGuid}/entities/${entityGuid}/bank-lines?page_size=1&account=${account?.book_account?.guid}`,
    );
    expect(books.json().count).toBe(1_200);
    // Another user cannot read the job (it is the linker's), only that the link has synced.
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client.get(`/v1/jobs/${item.first_sync_job_id}`)).statusCode).toBe(404);
  });
});
