import { pathOf } from '@bp/api-client';
import { clientsRoutes, commitmentsRoutes, entitiesRoutes } from '@bp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { orgClient } from '../../client-records/fixtures.test-support.ts';
import { createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import {
  ACCOUNT_A,
  accountRow,
  CLIENT_GUID,
  COMMITMENT_ID,
  commitmentRow,
  ENTITY_A,
  entityRow,
  ORG_GUID,
  page,
  VENDOR_A,
  vendorRow,
} from '../fixtures.test-support.ts';
import { CommitmentForm } from './CommitmentForm.tsx';
import { CommitmentFormPage } from './CommitmentFormPage.tsx';
import { blankCommitmentForm, commitmentToForm } from './commitment-form-values.ts';

// These tests fill a whole form through MUI selects: slow in jsdom on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

function script(api: FakeApi = createFakeApi()) {
  return api
    .reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClients, { orgGuid: ORG_GUID }),
      page([orgClient({ guid: CLIENT_GUID, name: 'Harper Family' })]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID }),
      page([entityRow(ENTITY_A, 'Harper Holdings LLC')]),
    )
    .reply(
      'GET',
      pathOf(entitiesRoutes.getBillingClientEntityVendors, { clientGuid: CLIENT_GUID, entityGuid: ENTITY_A }),
      page([vendorRow(VENDOR_A, 'City Power')]),
    )
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
    );
}

function renderNew(client = CLIENT_GUID) {
  const api = script();
  const onSaved = vi.fn();
  renderPage(
    <CommitmentForm
      orgGuid={ORG_GUID}
      mode={{ kind: 'new' }}
      initial={blankCommitmentForm(client)}
      onSaved={onSaved}
      onCancel={() => {}}
    />,
    { route: '/commitments/commitment-form', api },
  );
  return { api, onSaved };
}

type User = ReturnType<typeof setupUser>;

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create commitment' }));
/** The helper text (error) under a field, found through its aria-describedby. */
function messageUnder(field: HTMLElement): string {
  const id = field.getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part)?.textContent ?? '')
    .join(' ');
}

async function fillCommon(user: User) {
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /^Entity/ })).not.toHaveAttribute('aria-disabled'),
  );
  await choose(user, 'Entity', 'Harper Holdings LLC');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).not.toHaveAttribute('aria-disabled'),
  );
  await choose(user, 'Vendor', 'City Power');
  await choose(user, 'Category', 'Utilities');
  await choose(user, 'Payment method', 'ACH');
  fireEvent.change(input(/^Start date/), { target: { value: '2026-03-01' } });
}

describe('CommitmentForm', () => {
  it('a monthly commitment needs a due day and an amount; nothing is sent until they are given', async () => {
    const { api } = renderNew();
    const user = setupUser();
    await fillCommon(user);
    await submit(user);
    expect(await screen.findByText('A monthly commitment needs a due day (1 to 31).')).toBeInTheDocument();
    expect(messageUnder(input(/^Expected amount/))).toContain(
      'Enter the expected amount, or mark the commitment as variable.',
    );
    expect(input(/^Due day/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      api.callsTo('POST', pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID })),
    ).toHaveLength(0);
  });

  it('sends the expected amount in cents and the due day of a monthly commitment', async () => {
    const { api, onSaved } = renderNew();
    api.reply(
      'POST',
      pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      () => commitmentRow(),
    );
    const user = setupUser();
    await fillCommon(user);
    await user.type(input(/^Due day/), '15');
    await user.type(input(/^Expected amount/), '1,234.56');
    await choose(user, 'Account', 'Utilities: Electricity');
    await submit(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(
      api.callsTo(
        'POST',
        pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      )[0]?.body,
    ).toEqual({
      entity: ENTITY_A,
      vendor: VENDOR_A,
      category: 'utilities',
      frequency: 'monthly',
      expected_amount: 123456,
      is_variable: false,
      due_day: 15,
      due_month: null,
      start_date: '2026-03-01',
      end_date: null,
      payment_method: 'ach',
      account: ACCOUNT_A,
      division: null,
      memo: '',
      autopay: false,
    });
  });

  it('a yearly commitment needs a month and a day that exists in it; a variable one needs no amount', async () => {
    const { api } = renderNew();
    api.reply(
      'POST',
      pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      () => commitmentRow({ frequency: 'yearly' }),
    );
    const user = setupUser();
    await fillCommon(user);
    await choose(user, 'Frequency', 'Yearly');
    await user.click(screen.getByRole('switch', { name: 'Variable amount' }));
    await submit(user);
    expect(await screen.findByText('A yearly commitment needs a due month (1 to 12).')).toBeInTheDocument();
    expect(screen.getByText('A yearly commitment needs a due day.')).toBeInTheDocument();
    expect(screen.queryByText(/Enter the expected amount/)).not.toBeInTheDocument();

    await choose(user, 'Due month', 'February');
    await user.type(input(/^Due day/), '30');
    await submit(user);
    expect(await screen.findByText('Month 2 has no day 30.')).toBeInTheDocument();
    expect(
      api.callsTo('POST', pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID })),
    ).toHaveLength(0);

    await user.clear(input(/^Due day/));
    await user.type(input(/^Due day/), '29');
    await submit(user);
    await waitFor(() =>
      expect(
        api.callsTo(
          'POST',
          pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
        ),
      ).toHaveLength(1),
    );
    expect(
      api.callsTo(
        'POST',
        pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      )[0]?.body,
    ).toMatchObject({
      frequency: 'yearly',
      due_month: 2,
      due_day: 29,
      expected_amount: null,
      is_variable: true,
    });
  });

  it('a weekly commitment asks for no due day', async () => {
    renderNew();
    const user = setupUser();
    await choose(user, 'Frequency', 'Weekly');
    expect(screen.queryByLabelText(/^Due day/)).not.toBeInTheDocument();
    expect(screen.getByText('The start date sets the weekday.')).toBeInTheDocument();
  });

  it("shows the server's 400 messages under their fields", async () => {
    const { api } = renderNew();
    api.fail(
      'POST',
      pathOf(commitmentsRoutes.getBillingClientCommitments, { clientGuid: CLIENT_GUID }),
      400,
      {
        vendor: ['This vendor is not active.'],
        non_field_errors: ['Something else went wrong.'],
      },
    );
    const user = setupUser();
    await fillCommon(user);
    await user.type(input(/^Due day/), '1');
    await user.type(input(/^Expected amount/), '10');
    await submit(user);
    await waitFor(() =>
      expect(messageUnder(screen.getByRole('combobox', { name: /^Vendor/ }))).toContain(
        'This vendor is not active.',
      ),
    );
    expect(screen.getByText('Something else went wrong.')).toBeInTheDocument();
  });

  it('edits: sends only the changed fields and the version seen', async () => {
    const api = script();
    const saved = commitmentRow();
    api.reply(
      'PATCH',
      pathOf(commitmentsRoutes.getBillingClientCommitment, {
        clientGuid: CLIENT_GUID,
        commitmentId: COMMITMENT_ID,
      }),
      () => ({ ...saved, version: 4 }),
    );
    const onSaved = vi.fn();
    renderPage(
      <CommitmentForm
        orgGuid={ORG_GUID}
        mode={{ kind: 'edit', commitment: saved }}
        initial={commitmentToForm(saved)}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
      { api },
    );
    const user = setupUser();
    expect(input(/^Expected amount/)).toHaveValue('125.00');
    await user.clear(input(/^Expected amount/));
    await user.type(input(/^Expected amount/), '130');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(
      api.callsTo(
        'PATCH',
        pathOf(commitmentsRoutes.getBillingClientCommitment, {
          clientGuid: CLIENT_GUID,
          commitmentId: COMMITMENT_ID,
        }),
      )[0]?.body,
    ).toEqual({
      expected_amount: 13000,
      is_variable: false,
      version: 3,
    });
  });
});

describe('CommitmentFormPage', () => {
  it('?client= preselects the client', async () => {
    const api = script();
    api.reply(
      'GET',
      pathOf(clientsRoutes.getAccountsOrganizationClient, { orgGuid: ORG_GUID, clientGuid: CLIENT_GUID }),
      orgClient({ guid: CLIENT_GUID, name: 'Harper Family' }),
    );
    renderPage(<CommitmentFormPage />, {
      route: `/commitments/commitment-form?client=${CLIENT_GUID}`,
      path: '/commitments/commitment-form',
      api,
      session: { organization: { guid: ORG_GUID, name: 'Acme' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New Commitment' })).toBeInTheDocument();
    const client = screen.getByRole('combobox', { name: /^Client/ });
    await waitFor(() => expect(client).toHaveTextContent('Harper Family'));
  });

  it('?edit= without ?client= loads the commitment through the organisation and edits it', async () => {
    const api = script()
      .reply(
        'GET',
        pathOf(commitmentsRoutes.getBillingOrganizationCommitment, {
          organizationGuid: ORG_GUID,
          commitmentId: COMMITMENT_ID,
        }),
        commitmentRow(),
      )
      .reply(
        'GET',
        pathOf(commitmentsRoutes.getBillingClientCommitment, {
          clientGuid: CLIENT_GUID,
          commitmentId: COMMITMENT_ID,
        }),
        commitmentRow(),
      );
    renderPage(<CommitmentFormPage />, {
      route: `/commitments/commitment-form?edit=${COMMITMENT_ID}`,
      path: '/commitments/commitment-form',
      api,
      session: { organization: { guid: ORG_GUID, name: 'Acme' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Commitment' })).toBeInTheDocument();
    await waitFor(() => expect(input(/^Expected amount/)).toHaveValue('125.00'));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });
});
