import { describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { clientsTestKit } from './test-support.ts';

/** Internal staff (`staff: admin`), who manage referrers. */
const STAFF = 'super@demo.test';
const URL = '/v1/accounts/client-referrers';

describe.each(backends)("a referrer's news and services (%s)", (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);

  it('validates the items on the field that is wrong', async () => {
    const summit = (await kit.call(STAFF, 'GET', `${URL}?search=summit`)).json().results[0].guid;
    const news = { title: 'Hello', published_on: '2026-11-01' };
    const service = { name: 'Tax review', description: 'Yearly.' };
    const invalid: [object, string][] = [
      [{ news: [{ ...news, url: 'javascript:alert(1)' }] }, 'options.news.0.url'],
      [{ news: [{ ...news, url: 'http://insecure.test/a' }] }, 'options.news.0.url'],
      [{ news: [news, { ...news, title: 'x'.repeat(121) }] }, 'options.news.1.title'],
      [{ news: [{ ...news, published_on: '1 Nov' }] }, 'options.news.0.published_on'],
      [{ news: Array.from({ length: 21 }, () => news) }, 'options.news'],
      [{ services: [{ ...service, url: 'javascript:alert(1)' }] }, 'options.services.0.url'],
      [{ services: [{ ...service, description: '' }] }, 'options.services.0.description'],
    ];
    for (const [options, field] of invalid) {
      const res = await kit.call(STAFF, 'PATCH', `${URL}/${summit}`, { options });
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(options)).toEqual([field]);
    }
  });

  it("sends a client user the referrer's news and services only while each flag is on", async () => {
    const referrerOf = async () =>
      (await kit.call('client@demo.test', 'GET', '/v1/accounts/clients')).json().results[0].client_referrer;
    // The demo referrer has both panels on, with two items each.
    const both = await referrerOf();
    expect(both).toMatchObject({
      name: 'Summit Wealth Advisors',
      news_enabled: true,
      explore_services_enabled: true,
    });
    expect(both.options.news).toHaveLength(2);
    expect(both.options.services).toHaveLength(2);

    const summit = (await kit.call(STAFF, 'GET', `${URL}?search=summit`)).json().results[0].guid;
    const off = await kit.call(STAFF, 'PATCH', `${URL}/${summit}`, { news_enabled: false });
    expect(off.statusCode).toBe(200);
    // Staff still see (and may edit) the stored items; the client user no longer receives them.
    expect(off.json().options.news).toHaveLength(2);
    const newsOff = await referrerOf();
    expect(newsOff.news_enabled).toBe(false);
    expect(newsOff.options).not.toHaveProperty('news');
    expect(newsOff.options.services).toHaveLength(2);
    expect(newsOff.options.logos).toEqual([{ label: 'main_logo', value: '/summit-logo.svg' }]);

    await kit.call(STAFF, 'PATCH', `${URL}/${summit}`, { explore_services_enabled: false });
    expect((await referrerOf()).options).not.toHaveProperty('services');
  });
});
