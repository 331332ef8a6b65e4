import type { AccessClaims, ParentInstitution } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guidOf, page } from '../settings/org-fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ParentInstitutionsPage } from './ParentInstitutionsPage.tsx';

const LIST = '/v1/accounts/institutions';

function institution(n: number, overrides: Partial<ParentInstitution> = {}): ParentInstitution {
  return {
    guid: guidOf(n),
    name: `Bank ${String(n).padStart(2, '0')}`,
    website: n % 2 === 0 ? `https://bank${n}.example.com` : null,
    routing_number: n % 2 === 0 ? String(100000000 + n) : null,
    is_active: true,
    created_on: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
const all = Array.from({ length: 12 }, (_, i) => institution(i + 1));

function list(call: ApiCall) {
  const q = call.options?.query ?? {};
  const matching = all.filter((i) => !q.search || i.name.includes(String(q.search)));
  const at = (Number(q.page ?? 1) - 1) * 10;
  return page(matching.slice(at, at + 10), matching.length);
}

function claimsOf(staff: AccessClaims['staff']): AccessClaims {
  return { sub: guidOf(500), exp: 4_000_000_000, staff, type: 'bporg', password_expired: false };
}

/** Internal staff by default: they keep the shared list. */
function setup(session: { staff?: AccessClaims['staff']; isMasked?: boolean } = {}) {
  const api = createFakeApi().reply('GET', LIST, list);
  return renderPage(<ParentInstitutionsPage />, {
    route: '/parent-institutions',
    api,
    session: {
      claims: claimsOf(session.staff === undefined ? 'admin' : session.staff),
      isMasked: session.isMasked ?? false,
    },
  });
}

describe('ParentInstitutionsPage', () => {
  it('lists institutions with website and routing number, 10 to a page, and searches', async () => {
    const { api } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Parent Institutions' })).toBeInTheDocument();
    const row = (await screen.findByText('Bank 02')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'bank2.example.com' })).toHaveAttribute(
      'href',
      'https://bank2.example.com',
    );
    expect(within(row).getByText('100000002')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await setupUser().type(screen.getByLabelText('Search institutions'), 'Bank 11');
    await waitFor(() => expect(screen.queryByText('Bank 02')).not.toBeInTheDocument());
    expect(screen.getByText('Bank 11')).toBeInTheDocument();
    expect(api.calls.at(-1)?.options?.query).toMatchObject({ page: 1, search: 'Bank 11' });
  });

  it.each([
    ['an organization admin', { staff: null }],
    ['internal staff masked as someone else', { staff: 'member', isMasked: true }],
  ] as const)('shows %s the list without add, edit or delete', async (_who, session) => {
    setup(session);
    const row = (await screen.findByText('Bank 02')).closest('tr') as HTMLElement;
    expect(within(row).getByText('100000002')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add institution' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByText(/The platform team keeps this list/)).toBeInTheDocument();
  });

  it('shows internal staff the add, edit and delete controls', async () => {
    setup({ staff: 'member' });
    const row = (await screen.findByText('Bank 02')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Edit Bank 02' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Bank 02' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add institution' })).toBeInTheDocument();
    expect(screen.queryByText(/The platform team keeps this list/)).not.toBeInTheDocument();
  });

  it('adds an institution in a dialog, checking the routing number first', async () => {
    const { api } = setup();
    api.reply('POST', LIST, (call: ApiCall) => institution(99, call.body as Partial<ParentInstitution>));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add institution' });
    await user.type(within(dialog).getByLabelText('Name'), 'First Harbor Bank');
    await user.type(within(dialog).getByLabelText('Website'), 'https://firstharbor.example.com');
    await user.type(within(dialog).getByLabelText('Routing number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add institution' }));
    expect(await within(dialog).findByText('A routing number has 9 digits.')).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Routing number'), '6789');
    await user.click(within(dialog).getByRole('button', { name: 'Add institution' }));
    expect(await screen.findByText('First Harbor Bank added.')).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)[0]?.body).toEqual({
      name: 'First Harbor Bank',
      website: 'https://firstharbor.example.com',
      routing_number: '123456789',
    });
  });

  it('edits an institution, sending only the changed fields', async () => {
    const { api } = setup();
    const bank = institution(2);
    api.reply('PATCH', `${LIST}/${bank.guid}`, (call: ApiCall) => ({ ...bank, ...(call.body as object) }));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Edit Bank 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bank 02');
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bank 02 saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `${LIST}/${bank.guid}`)[0]?.body).toEqual({ website: null });
  });

  it('deletes after confirming, and shows the API refusal for one in use', async () => {
    const { api } = setup();
    const bank = institution(3);
    api.fail('DELETE', `${LIST}/${bank.guid}`, 409, {
      detail: 'This institution is used by client accounts and cannot be deleted.',
      code: 'conflict',
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete Bank 03' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bank 03?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This institution is used by client accounts and cannot be deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Bank 03')).toBeInTheDocument();

    api.reply('DELETE', `${LIST}/${bank.guid}`, null);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Bank 03' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank 03 deleted.')).toBeInTheDocument();
  });
});
