import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueFor, guidOf, orgSession, page } from '../settings/org-fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ParentVendorDetailPage } from './ParentVendorDetailPage.tsx';
import { linked, PARENTS, PERMISSIONS, parent } from './vendors.test-support.ts';

const GUID = guidOf(5);
const ONE = `${PARENTS}/${GUID}`;

function setup(overrides: Parameters<typeof parent>[1] = {}) {
  const api = createFakeApi()
    .reply('GET', ONE, parent(5, overrides))
    .reply('GET', PERMISSIONS, catalogueFor('admin'))
    .reply(
      'GET',
      `${ONE}/history`,
      page([
        {
          guid: guidOf(800),
          kind: 'bank_account_changed',
          details: { routing_number: '011000015', account_last4: '4444', verification_required: true },
          by: { guid: guidOf(9), first_name: 'Maya', last_name: 'Manager', avatar: null },
          vendor: { guid: guidOf(301), name: 'Client vendor 1' },
          created_on: '2026-01-03T15:00:00.000Z',
        },
      ]),
    );
  return renderPage(<ParentVendorDetailPage />, {
    route: `/parent-vendors/${GUID}`,
    path: '/parent-vendors/:guid',
    api,
    session: orgSession,
  });
}

describe('ParentVendorDetailPage', () => {
  it('shows the details, the sanctions result, the linked vendors and the history', async () => {
    setup({
      sanctions: {
        screened_on: '2026-01-02T10:00:00.000Z',
        name: 'Vendor 05',
        match: { name: 'VENDOR FIVE TRADING', score: 0.71 },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor 05' })).toBeInTheDocument();
    expect(screen.getByText('93-0256820')).toBeInTheDocument();
    expect(screen.getByText('(503) 555-0110')).toBeInTheDocument();
    expect(screen.getByText(/resembles VENDOR FIVE TRADING \(71%\)/)).toBeInTheDocument();
    const vendors = screen.getByRole('table', { name: 'Linked vendors' });
    expect(within(vendors).getByText('Harper Household')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'History' });
    expect(
      within(history).getByText(/Bank account replaced \(routing 011000015, account ••4444\); payments held/),
    ).toBeInTheDocument();
    expect(within(history).getByText('Maya Manager')).toBeInTheDocument();
  });

  it('records a call-back verification on the number on record', async () => {
    const { api } = setup({
      verification_status: 'verification_required',
      pending_change: {
        changed_on: '2026-01-03T15:00:00.000Z',
        changed_by: { guid: guidOf(9), first_name: 'Maya', last_name: 'Manager', avatar: null },
      },
      vendors: [linked(1, { verification_status: 'verification_required', payment_hold: true })],
    });
    const user = setupUser();
    expect(await screen.findByText(/Payments to its vendors are on hold/)).toBeInTheDocument();
    // A linked vendor's own change is verified from its row.
    expect(
      await screen.findByRole('button', {
        name: 'Record call-back verification for Client vendor 1 (Harper Household)',
      }),
    ).toBeInTheDocument();
    api.reply('POST', `${ONE}/verification`, parent(5));
    await user.click(await screen.findByRole('button', { name: 'Record call-back verification' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('callback-number')).toHaveTextContent('(503) 555-0110');
    await user.click(within(dialog).getByRole('button', { name: 'Record verification' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Person you spoke to/), 'Dana, accounts receivable');
    await user.click(within(dialog).getByRole('button', { name: 'Record verification' }));
    expect(await screen.findByText('Vendor 05 verified: payments may go ahead.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${ONE}/verification`)[0]?.body).toMatchObject({
      called_person: 'Dana, accounts receivable',
      outcome: 'verified',
    });
  });

  it('deactivates only after a confirmation', async () => {
    const { api } = setup();
    const user = setupUser();
    api.reply('PATCH', ONE, parent(5, { is_active: false }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Vendor 05?' });
    expect(api.callsTo('PATCH', ONE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Vendor 05 deactivated.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({ is_active: false });
  });
});
