import { pathOf } from '@bp/api-client';
import { entitiesRoutes, type Organization } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { useVendorChoices } from '../../shared/form/useBookChoices.ts';
import { createFakeApi, type FakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import {
  CLIENT_GUID,
  ENTITY_A,
  page,
  VENDOR_A,
  VENDOR_B,
  vendorRow,
} from '../shared/fixtures.test-support.ts';
import { VendorPicker } from './VendorPicker.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ORG: Organization = {
  guid: '7a1b2c3d-0000-4000-8000-000000000001',
  name: 'Demo Family Office',
  unread_count: 0,
  role: 'admin',
  team_label: 'Manager',
  client_property_default: '0',
};
const NEW_VENDOR = '00000000-0000-4000-8000-0000000000ab';
const VENDORS = pathOf(entitiesRoutes.getBillingClientEntityVendors, {
  clientGuid: CLIENT_GUID,
  entityGuid: ENTITY_A,
});

/** The picker in a form of its own, showing the chosen vendor guid as the form holds it. */
function Harness() {
  const { control, watch } = useForm<{ vendor: string }>({ defaultValues: { vendor: '' } });
  const vendors = useVendorChoices(CLIENT_GUID, ENTITY_A);
  const choices = (vendors.data?.results ?? []).map((v) => ({ value: v.guid, label: v.name }));
  return (
    <form>
      <VendorPicker
        control={control}
        name="vendor"
        clientGuid={CLIENT_GUID}
        entityGuid={ENTITY_A}
        choices={choices}
      />
      <output data-testid="chosen">{watch('vendor')}</output>
    </form>
  );
}

function renderPicker(permissions: string[]) {
  const api: FakeApi = createFakeApi()
    .reply('GET', VENDORS, page([vendorRow(VENDOR_A, 'City Power'), vendorRow(VENDOR_B, 'Water Works')]))
    .reply('GET', `/v1/accounts/organizations/${ORG.guid}/permissions`, {
      catalogue: [],
      role: 'admin',
      team_label: 'Manager',
      effective_permissions: permissions,
    });
  renderPage(<Harness />, { api, session: { organization: ORG } });
  return api;
}

const vendorBox = () => screen.getByRole('combobox', { name: /^Vendor/ });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('VendorPicker', () => {
  it('narrows the vendors to what is typed and chooses one', async () => {
    renderPicker(['entities.manage']);
    const user = setupUser();
    await user.type(vendorBox(), 'wat');
    await waitFor(() => expect(optionNames()).toEqual(['Water Works', 'Add vendor "wat"']));
    await user.click(screen.getByRole('option', { name: 'Water Works' }));
    expect(screen.getByTestId('chosen').textContent).toBe(VENDOR_B);
    expect(vendorBox()).toHaveValue('Water Works');
  });

  it('adds a vendor through the API and chooses it', async () => {
    const api = renderPicker(['vendors.manage']);
    api.reply('POST', VENDORS, vendorRow(NEW_VENDOR, 'Lakeside Plumbing'));
    const user = setupUser();
    await user.type(vendorBox(), 'Lakeside Plumbing');
    await user.click(await screen.findByRole('option', { name: 'Add vendor "Lakeside Plumbing"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vendor' });
    expect(within(dialog).getByLabelText(/^Vendor name/)).toHaveValue('Lakeside Plumbing');
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', VENDORS).map((call) => call.body)).toEqual([{ name: 'Lakeside Plumbing' }]);
    expect(screen.getByTestId('chosen').textContent).toBe(NEW_VENDOR);
    expect(vendorBox()).toHaveValue('Lakeside Plumbing');
  });

  it("shows the server's message under the name when the vendor is refused", async () => {
    const api = renderPicker(['entities.manage']);
    api.fail('POST', VENDORS, 400, { name: ['A vendor with this name already exists.'] });
    const user = setupUser();
    await user.type(vendorBox(), 'City Power');
    await user.click(await screen.findByRole('option', { name: 'Add vendor "City Power"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vendor' });
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    expect(await within(dialog).findByText('A vendor with this name already exists.')).toBeInTheDocument();
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('offers no Add vendor to someone who may not create vendors', async () => {
    const api = renderPicker(['bills.create']);
    const user = setupUser();
    await waitFor(() =>
      expect(api.callsTo('GET', `/v1/accounts/organizations/${ORG.guid}/permissions`)).toHaveLength(1),
    );
    await user.type(vendorBox(), 'zzz');
    expect(await screen.findByText('No vendor matches.')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Add vendor/ })).not.toBeInTheDocument();
  });
});
