import { pathOf } from '@bp/api-client';
import { commitmentsRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';

import {
  CLIENT_GUID,
  COMMITMENT_ID,
  commitmentRow,
  guidOf,
  instanceRow,
  page,
} from '../fixtures.test-support.ts';
import { CommitmentDetailPage } from './CommitmentDetailPage.tsx';

const ONE = pathOf(commitmentsRoutes.getBillingClientCommitment, {
  clientGuid: CLIENT_GUID,
  commitmentId: COMMITMENT_ID,
});

function script(api: FakeApi = createFakeApi(), commitment = commitmentRow()) {
  return api
    .reply('GET', ONE, commitment)
    .reply('GET', `${ONE}/tracker`, {
      today: '2026-03-01',
      past: [
        instanceRow(1, { status: 'paid', bill: { guid: guidOf(901), status: 'paid', amount: 12500 } }),
        instanceRow(2, { status: 'late' }),
        instanceRow(3, { status: 'missed', due_date: '2026-03-13', scheduled_date: '2026-03-15' }),
        instanceRow(4, { status: 'skipped' }),
        instanceRow(5, {
          status: 'billed',
          bill: { guid: guidOf(902), status: 'client_approval', amount: 13000 },
        }),
      ],
      upcoming: [instanceRow(6, { status: 'upcoming' }), instanceRow(7, { status: 'autopay' })],
    })
    .reply('GET', `${ONE}/bills`, page([]))
    .reply('GET', `${ONE}/notes`, page([]));
}

const ORG_GUID = '22222222-2222-4222-8222-222222222222';

function renderDetail(api = script(), route = `/commitments/${COMMITMENT_ID}?client=${CLIENT_GUID}`) {
  return renderPage(<CommitmentDetailPage />, {
    route,
    path: '/commitments/:commitmentId',
    api,
    session: { organization: { guid: ORG_GUID, name: 'Acme' } },
  });
}

describe('CommitmentDetailPage', () => {
  it('shows the details and the tracker with each payment status and what can be done', async () => {
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'City Power commitment' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Monthly on day 15')).toBeInTheDocument();
    const past = await screen.findByRole('table', { name: 'Past payments' });
    const upcoming = screen.getByRole('table', { name: 'Upcoming payments' });
    for (const status of ['Paid', 'Late', 'Missed', 'Skipped', 'Billed']) {
      expect(within(past).getByText(status)).toBeInTheDocument();
    }
    expect(within(upcoming).getByText('Upcoming')).toBeInTheDocument();
    expect(within(upcoming).getByText('Autopay')).toBeInTheDocument();
    // A paid or billed payment links to its bill; an unbilled one offers Create bill.
    expect(within(past).getByRole('link', { name: '$125.00 bill' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_GUID}/org/bill/${guidOf(901)}`,
    );
    const create = within(past).getByRole('link', { name: 'Create bill due 02/15/2026' });
    expect(create).toHaveAttribute(
      'href',
      `/commitments/${COMMITMENT_ID}/new-bill/${instanceRow(2).guid}?client=${CLIENT_GUID}`,
    );
    expect(within(upcoming).getAllByRole('link', { name: /Create bill/ })).toHaveLength(1);
    expect(within(past).queryByRole('link', { name: 'Create bill due 04/15/2026' })).not.toBeInTheDocument();
    // A due date moved off a weekend says so.
    expect(
      within(past).getByText('Scheduled 03/15/2026, moved to the previous business day'),
    ).toBeInTheDocument();
  });

  it('asks before archiving; Cancel archives nothing, Archive does', async () => {
    const api = script();
    api.reply('DELETE', ONE, () => commitmentRow({ archived: true, version: 4 }));
    renderDetail(api);
    const user = setupUser();
    await screen.findByRole('heading', { level: 1, name: 'City Power commitment' });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this commitment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', ONE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const again = await screen.findByRole('dialog', { name: 'Archive this commitment?' });
    await user.click(within(again).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Commitment archived.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', ONE)[0]?.options?.body).toEqual({ version: 3 });
  });

  it('marks the commitment as autopay after confirming', async () => {
    const api = script();
    api.reply('POST', `${ONE}/create_autopay`, () => commitmentRow({ autopay: true, version: 4 }));
    renderDetail(api);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Mark as autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as autopay?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as autopay' }));
    expect(await screen.findByText(/Marked as autopay/)).toBeInTheDocument();
    expect(api.callsTo('POST', `${ONE}/create_autopay`)).toHaveLength(1);
  });

  it('adds a note', async () => {
    const api = script();
    api.reply('POST', `${ONE}/notes`, () => ({
      guid: guidOf(77),
      body: 'Call the vendor',
      user: null,
      created_on: '2026-03-01T10:00:00Z',
    }));
    renderDetail(api);
    const user = setupUser();
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'Call the vendor');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${ONE}/notes`)[0]?.body).toEqual({ body: 'Call the vendor' });
  });

  it('opens from the SPEC link /commitments/{id} alone: the client is read from the organisation', async () => {
    const api = script().reply(
      'GET',
      pathOf(commitmentsRoutes.getBillingOrganizationCommitment, {
        organizationGuid: ORG_GUID,
        commitmentId: COMMITMENT_ID,
      }),
      commitmentRow(),
    );
    renderDetail(api, `/commitments/${COMMITMENT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'City Power commitment' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Past payments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/commitments/commitment-form?client=${CLIENT_GUID}&edit=${COMMITMENT_ID}`,
    );
  });

  it('says when a commitment of the SPEC link is not found in the organisation', async () => {
    const api = createFakeApi().fail(
      'GET',
      pathOf(commitmentsRoutes.getBillingOrganizationCommitment, {
        organizationGuid: ORG_GUID,
        commitmentId: 7,
      }),
      404,
      {
        detail: 'Not found.',
        code: 'not_found',
      },
    );
    renderDetail(api, '/commitments/7');
    expect(await screen.findByText(/This commitment does not exist/)).toBeInTheDocument();
  });

  it('says when the link has no client and no organisation is selected', async () => {
    renderPage(<CommitmentDetailPage />, { route: '/commitments/42', path: '/commitments/:commitmentId' });
    expect(await screen.findByText(/This commitment link is incomplete/)).toBeInTheDocument();
  });
});
