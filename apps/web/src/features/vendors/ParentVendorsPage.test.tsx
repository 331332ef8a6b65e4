import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueFor, guidOf, orgSession, page } from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ParentVendorsPage } from './ParentVendorsPage.tsx';
import { PARENTS, PERMISSIONS, parent, summary } from './vendors.test-support.ts';

const all = Array.from({ length: 12 }, (_, i) => summary(i + 1));

function list(call: ApiCall) {
  const q = call.options?.query ?? {};
  const matching = all.filter((v) => !q.search || v.name.includes(String(q.search)));
  const at = (Number(q.page ?? 1) - 1) * 10;
  return page(matching.slice(at, at + 10), matching.length);
}

function setup(held?: readonly string[]) {
  const api = createFakeApi()
    .reply('GET', PARENTS, list)
    .reply('GET', PERMISSIONS, catalogueFor(held ? 'user' : 'admin', held));
  return renderPage(<ParentVendorsPage />, { route: '/parent-vendors', api, session: orgSession });
}

describe('ParentVendorsPage', () => {
  it('lists parent vendors with tax id, linked vendors and status, 10 to a page, and searches', async () => {
    const { api } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Parent Vendors' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Vendor 02' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('•••••6820')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vendor 02' })).toHaveAttribute(
      'href',
      `/parent-vendors/${guidOf(2)}`,
    );
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByRole('link', { name: 'Vendor 12' })).toBeInTheDocument();

    await setupUser().type(screen.getByLabelText('Search parent vendors'), 'Vendor 11');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vendor 02' })).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Vendor 11' })).toBeInTheDocument();
    expect(api.calls.at(-1)?.options?.query).toMatchObject({ page: 1, search: 'Vendor 11' });
  });

  it('adds a parent vendor, showing the field errors the API answers', async () => {
    const { api } = setup();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'New parent vendor' }));
    api.fail('POST', PARENTS, 400, { primary_phone: ['Invalid phone number.'] });
    await user.type(screen.getByLabelText(/^Name/), 'Cascade Gas');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Add parent vendor' }));
    expect(await screen.findByText('Invalid phone number.')).toBeInTheDocument();

    api.reply('POST', PARENTS, parent(40, { name: 'Cascade Gas' }));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '503-555-0100');
    await user.click(screen.getByRole('button', { name: 'Add parent vendor' }));
    expect(await screen.findByText('Cascade Gas added.')).toBeInTheDocument();
    expect(api.callsTo('POST', PARENTS).at(-1)?.body).toMatchObject({
      name: 'Cascade Gas',
      primary_phone: '5035550100',
    });
  });

  it('shows similar parent vendors and merges one after a confirmation naming both and what moves', async () => {
    const { api } = setup();
    const user = setupUser();
    const source = guidOf(2);
    api
      .reply('GET', `${PARENTS}/${source}/similar`, {
        results: [
          {
            guid: guidOf(7),
            name: 'Vendor 07',
            city: 'Portland',
            state: 'OR',
            score: 0.83,
            reasons: ['name', 'tax_id'],
            mergeable: true,
            entity: null,
            client: null,
          },
        ],
      })
      .reply('GET', `${PARENTS}/${source}/merge`, {
        merged: { guid: source, name: 'Vendor 02' },
        survivor: { guid: guidOf(7), name: 'Vendor 07' },
        vendors: 2,
        bills: 5,
        commitments: 1,
      })
      .reply('POST', `${PARENTS}/${source}/merge`, {
        merged: { guid: source, name: 'Vendor 02' },
        survivor: { guid: guidOf(7), name: 'Vendor 07' },
        vendors: 2,
        bills: 5,
        commitments: 1,
      });
    await user.click(await screen.findByRole('button', { name: 'Similar to Vendor 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Similar to Vendor 02' });
    expect(await within(dialog).findByText('83%')).toBeInTheDocument();
    expect(within(dialog).getByText('name, same tax ID')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge Vendor 02 into Vendor 07' }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge Vendor 02 into Vendor 07?' });
    expect(
      await within(confirm).findByText(
        /2 client vendors with 5 bills and 1 commitment will move from Vendor 02 to Vendor 07/,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${PARENTS}/${source}/merge`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(/Vendor 02 merged into Vendor 07/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${PARENTS}/${source}/merge`)[0]?.body).toEqual({ into: guidOf(7) });
  });

  it('offers no New or Merge to a staff member without those permissions', async () => {
    const { api } = setup(['clients.view']);
    await screen.findByRole('link', { name: 'Vendor 02' });
    expect(screen.queryByRole('button', { name: 'New parent vendor' })).not.toBeInTheDocument();
    api.reply('GET', `${PARENTS}/${guidOf(2)}/similar`, {
      results: [
        {
          guid: guidOf(7),
          name: 'Vendor 07',
          city: null,
          state: null,
          score: 0.5,
          reasons: ['name'],
          mergeable: true,
          entity: null,
          client: null,
        },
      ],
    });
    await setupUser().click(screen.getByRole('button', { name: 'Similar to Vendor 02' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Vendor 07')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Merge/ })).not.toBeInTheDocument();
  });
});
