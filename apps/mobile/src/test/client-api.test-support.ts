import type { Bill } from '@bp/contracts';
import { type FakeApi, fakeApi, jwt, page } from './fake-api.test-support.ts';
import { bill, billSummary, clientSummary, metrics, USER } from './fixtures.test-support.ts';

export const ACCESS = jwt({ sub: USER, staff: null, type: 'client', password_expired: false });
export const REFRESH = jwt({ sub: USER, kind: 'refresh' });

/** The API as a client user of Harper Household sees it: one bill waiting, its page as given. */
export function clientApi(
  role: string,
  billPage: Bill = bill({ approve: true, reject: true, revise: true }),
): FakeApi {
  return fakeApi()
    .on('POST', '/v1/auth/login', { access: ACCESS, refresh: REFRESH })
    .on('POST', '/v1/auth/token/blacklist', undefined)
    .on('GET', '/v1/accounts/clients', page([clientSummary(role)]))
    .on('GET', '/v1/billing/clients/:c/bills', { ...page([billSummary]), count_capped: false })
    .on('GET', '/v1/billing/clients/:c/summary-metrics', metrics(role === 'observer' ? 0 : 1))
    .on('GET', '/v1/billing/clients/:c/bills/:b', billPage)
    .on('GET', '/v1/billing/clients/:c/bills/:b/attachments', [])
    .on('GET', '/v1/billing/clients/:c/bills/:b/messages', page([]))
    .on('GET', '/v1/billing/clients/:c/bills/:b/events', page([]))
    .handle('POST', '/v1/notifications/devices', (r) => ({
      status: 201,
      body: {
        guid: 'c56a4180-65aa-42ec-a945-5fd21dec0538',
        token: (r.body as { token: string }).token,
        platform: 'ios',
        created_at: '2026-11-28T00:00:00Z',
      },
    }))
    .on('DELETE', '/v1/notifications/devices/:token', undefined);
}
