import type { ClientReferrerDetail } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ReferrerContentDialog } from './ReferrerContentDialog.tsx';

const GUID = '11111111-1111-4111-8111-111111111111';
const LIST = '/v1/accounts/client-referrers';

const summit: ClientReferrerDetail = {
  guid: GUID,
  name: 'Summit Wealth Advisors',
  created_on: '2026-01-01T00:00:00.000Z',
  white_label_enabled: true,
  news_enabled: true,
  explore_services_enabled: false,
  options: {
    logos: [{ label: 'main_logo', value: '/summit-logo.svg' }],
    news: [
      { title: 'Old news', published_on: '2026-09-15' },
      { title: 'Tax planning', url: 'https://summit.example/tax', published_on: '2026-11-02' },
    ],
  },
};

describe('ReferrerContentDialog', () => {
  it('edits the news and services: validation messages, confirmed removal, the look kept on save', async () => {
    const api = createFakeApi()
      .reply('GET', LIST, { count: 1, next: null, previous: null, results: [summit] })
      .reply('PATCH', `${LIST}/${GUID}`, (call: ApiCall) => ({ ...summit, ...(call.body as object) }));
    const user = setupUser();
    renderPage(
      <ReferrerContentDialog open referrer={{ guid: GUID, name: summit.name }} onClose={() => {}} />,
      {
        api,
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Summit Wealth Advisors: news and services' });
    expect(await within(dialog).findByDisplayValue('Tax planning')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    await user.click(within(dialog).getByRole('switch', { name: /explore-services panel/ }));
    await user.type(
      within(dialog).getByLabelText('Link', { selector: '#field-options\\.services\\.0\\.url' }),
      'javascript:alert(1)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save news and services' }));
    expect(await within(dialog).findByText('Enter an https URL.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(api.callsTo('PATCH', `${LIST}/${GUID}`)).toHaveLength(0);

    // Removing asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Remove news item 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Old news?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).queryByDisplayValue('Old news')).not.toBeInTheDocument());
    // The editor is hidden from assistive technology until the confirmation has finished closing.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Old news?' })).toBeNull());

    const url = within(dialog).getByLabelText('Link', { selector: '#field-options\\.services\\.0\\.url' });
    await user.clear(url);
    await user.type(within(dialog).getByLabelText('Name'), 'Estate review');
    await user.type(within(dialog).getByLabelText('Description'), 'Yearly.');
    await user.click(await within(dialog).findByRole('button', { name: 'Save news and services' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${LIST}/${GUID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${LIST}/${GUID}`)[0]?.body).toEqual({
      news_enabled: true,
      explore_services_enabled: true,
      options: {
        logos: [{ label: 'main_logo', value: '/summit-logo.svg' }],
        news: [{ title: 'Tax planning', url: 'https://summit.example/tax', published_on: '2026-11-02' }],
        services: [{ name: 'Estate review', description: 'Yearly.' }],
      },
    });
  });
});
