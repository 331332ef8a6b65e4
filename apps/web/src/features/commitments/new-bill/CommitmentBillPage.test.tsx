import { pathOf } from '@bp/api-client';
import { commitmentsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../../test-utils.tsx';

import {
  ACCOUNT_A,
  accountRow,
  CLIENT_GUID,
  COMMITMENT_ID,
  commitmentBill,
  commitmentRow,
  ENTITY_A,
  instanceRow,
  page,
  templateFor,
} from '../fixtures.test-support.ts';
import { CommitmentBillPage } from './CommitmentBillPage.tsx';

const INSTANCE = instanceRow(4);
const TEMPLATE = pathOf(commitmentsRoutes.postBillingClientCommitmentGenerateTemplate, {
  clientGuid: CLIENT_GUID,
  commitmentId: COMMITMENT_ID,
});
const CREATE = pathOf(commitmentsRoutes.postBillingClientCommitmentInstanceBill, {
  clientGuid: CLIENT_GUID,
  commitmentId: COMMITMENT_ID,
  instanceGuid: INSTANCE.guid,
});

/** The API answers like the workflow: within 5% of $125.00 the client step is not needed. */
function script() {
  return createFakeApi()
    .reply('POST', TEMPLATE, templateFor(INSTANCE))
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityAccounts, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_A,
      }),
      page([accountRow(ACCOUNT_A, 'Utilities: Electricity')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityDivisions, {
        clientGuid: CLIENT_GUID,
        entityGuid: ENTITY_A,
      }),
      page([]),
    )
    .reply('POST', CREATE, (call: ApiCall) => {
      const amount = (call.body as { amount: number }).amount;
      return commitmentBill(Math.abs(amount - 12500) <= 625, amount);
    });
}

function renderBillPage(
  route = `/commitments/${COMMITMENT_ID}/new-bill/${INSTANCE.guid}?client=${CLIENT_GUID}`,
) {
  return renderPage(<CommitmentBillPage />, {
    route,
    path: route.includes('/new-bill/')
      ? '/commitments/:commitmentId/new-bill/:commitmentBillId'
      : '/commitments/:commitmentId/new-bill',
    api: script(),
  });
}

const amount = () => screen.getByLabelText(/^Amount/) as HTMLInputElement;

describe('CommitmentBillPage', () => {
  it('shows the payment and a prefilled bill; a bill within the allowed difference is auto-approved', async () => {
    const { api } = renderBillPage();
    expect(await screen.findByRole('region', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('04/15/2026')).toBeInTheDocument();
    expect(screen.getByText('$125.00')).toBeInTheDocument();
    expect(api.callsTo('POST', TEMPLATE)[0]?.options?.query).toEqual({ instance: INSTANCE.guid });
    expect(amount()).toHaveValue('125.00');
    const user = setupUser();
    await user.clear(amount());
    await user.type(amount(), '128.40');
    await user.click(screen.getByRole('button', { name: 'Create bill' }));

    expect(await screen.findByText('Auto-approved: within the allowed difference')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open bill' }).getAttribute('href')).toMatch(
      new RegExp(`^/clients/${CLIENT_GUID}/org/bill/`),
    );
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({
      amount: 12840,
      due_date: '2026-04-15',
      payment_method: 'ach',
      invoice_source: 'vendor',
      lines: [{ account: ACCOUNT_A, division: null, memo: '', amount: 12840 }],
    });
  });

  it('a bill outside the allowed difference is sent for approval', async () => {
    renderBillPage();
    const user = setupUser();
    await screen.findByRole('region', { name: 'Payment' });
    await user.clear(amount());
    await user.type(amount(), '300');
    await user.click(screen.getByRole('button', { name: 'Create bill' }));
    expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
    expect(screen.queryByText('Auto-approved: within the allowed difference')).not.toBeInTheDocument();
  });

  it('asks for an amount before creating', async () => {
    const { api } = renderBillPage();
    const user = setupUser();
    await screen.findByRole('region', { name: 'Payment' });
    await user.clear(amount());
    await user.click(screen.getByRole('button', { name: 'Create bill' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('opens from the SPEC link without ?client=: the client is read from the organisation', async () => {
    const orgGuid = '22222222-2222-4222-8222-222222222222';
    const api = script().reply(
      'GET',
      pathOf(commitmentsRoutes.getBillingOrganizationCommitment, {
        organizationGuid: orgGuid,
        commitmentId: COMMITMENT_ID,
      }),
      commitmentRow(),
    );
    renderPage(<CommitmentBillPage />, {
      route: `/commitments/${COMMITMENT_ID}/new-bill/${INSTANCE.guid}`,
      path: '/commitments/:commitmentId/new-bill/:commitmentBillId',
      api,
      session: { organization: { guid: orgGuid, name: 'Acme' } },
    });
    expect(await screen.findByRole('region', { name: 'Payment' })).toBeInTheDocument();
    expect(api.callsTo('POST', TEMPLATE)[0]?.options?.query).toEqual({ instance: INSTANCE.guid });
  });

  it('without an instance, prepares the next unbilled payment', async () => {
    const { api } = renderBillPage(`/commitments/${COMMITMENT_ID}/new-bill?client=${CLIENT_GUID}`);
    await screen.findByRole('region', { name: 'Payment' });
    await waitFor(() => expect(api.callsTo('POST', TEMPLATE)).toHaveLength(1));
    expect(api.callsTo('POST', TEMPLATE)[0]?.options?.query).toBeUndefined();
  });
});
