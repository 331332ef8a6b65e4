import { pathOf } from '@bp/api-client';
import { type Entity, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID, entity } from '../client-records/fixtures.test-support.ts';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { EntitySettingsForm } from './EntitySettingsForm.tsx';

const ONE = pathOf(entitiesRoutes.patchAccountsClientEntity, {
  clientGuid: CLIENT_GUID,
  entityGuid: entity().guid,
});

/** The PATCH answers with the entity as saved, like the API. */
const saveLikeTheApi = (before: Entity) => (call: ApiCall) => ({ ...before, ...(call.body as object) });

function renderForm(saved: Entity = entity()) {
  const api = createFakeApi().reply('PATCH', ONE, saveLikeTheApi(saved));
  renderPage(<EntitySettingsForm entity={saved} clientGuid={CLIENT_GUID} />, { route: '/clients/c', api });
  return api;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('EntitySettingsForm', () => {
  it('shows the stored settings: the threshold as a percent with 3 decimals, amounts in dollars', () => {
    renderForm(
      entity({
        allowable_payment_threshold: 0.12346,
        client_pre_approval_required: true,
        client_pre_approval_threshold: 250000,
        minimum_account_balance: 1050,
      }),
    );
    expect(field('Allowable payment threshold (%)')).toHaveValue('12.346');
    expect(field('Client pre-approval required')).toBeChecked();
    expect(field('Pre-approval threshold ($)')).toHaveValue('2500.00');
    expect(field('Multiple approvers')).not.toBeChecked();
    expect(field('Minimum account balance ($)')).toHaveValue('10.50');
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
  });

  it('shows an archived entity read-only, says how to change it, and sends nothing', async () => {
    const api = renderForm(entity({ archived: true }));
    expect(
      screen.getByText(/This entity is archived\. Unarchive this entity to change its settings\./),
    ).toBeInTheDocument();
    for (const label of [
      'Nickname',
      'Corporate ID',
      'Auto-approve',
      'Minimum account balance ($)',
      'QBO class',
    ])
      expect(field(label).disabled, label).toBe(true);
    const user = setupUser();
    await user.type(field('Nickname'), 'Renamed{Enter}');
    expect(field('Nickname')).toHaveValue(entity().nickname);
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
    expect(api.callsTo('PATCH', ONE)).toHaveLength(0);
  });

  it('says nothing about archiving for an active entity', () => {
    renderForm();
    expect(screen.queryByText(/Unarchive this entity/)).not.toBeInTheDocument();
    expect(field('Nickname')).toBeEnabled();
  });

  it('sends only the changed fields: a 5-decimal fraction and dollars ×100', async () => {
    const api = renderForm();
    const user = setupUser();
    await user.clear(field('Allowable payment threshold (%)'));
    await user.type(field('Allowable payment threshold (%)'), '5.5');
    await user.click(field('Client pre-approval required'));
    await user.type(field('Pre-approval threshold ($)'), '2,500.00{Enter}');

    expect(await screen.findByText('Entity settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', ONE).map((c) => c.body)).toEqual([
      {
        allowable_payment_threshold: 0.055,
        client_pre_approval_required: true,
        client_pre_approval_threshold: 250000,
      },
    ]);
    // The form now starts from what was saved.
    expect(field('Pre-approval threshold ($)')).toHaveValue('2500.00');
    expect(field('Allowable payment threshold (%)')).toHaveValue('5.500');
  });

  it('sends null when auto-approve is turned off', async () => {
    const api = renderForm();
    const user = setupUser();
    await user.click(field('Auto-approve'));
    expect(field('Allowable payment threshold (%)')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Entity settings saved.');
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({ allowable_payment_threshold: null });
  });

  it('sends a threshold of 0 when its flag is turned off, and 0 (unchanged) when left blank', async () => {
    const api = renderForm(entity({ enable_multiple_approvers: true, multiple_approver_threshold: 100000 }));
    const user = setupUser();
    expect(field('Multiple approver threshold ($)')).toHaveValue('1000.00');
    await user.click(field('Multiple approvers'));
    await user.click(field('Client pre-approval required'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Entity settings saved.');
    expect(api.callsTo('PATCH', ONE)[0]?.body).toEqual({
      client_pre_approval_required: true,
      enable_multiple_approvers: false,
      multiple_approver_threshold: 0,
    });
  });

  it('refuses a percent it cannot read without calling the API', async () => {
    const api = renderForm();
    const user = setupUser();
    await user.clear(field('Allowable payment threshold (%)'));
    await user.type(field('Allowable payment threshold (%)'), 'five{Enter}');
    expect(await screen.findByText('Enter a percent between 0 and 100, e.g. 5.5.')).toBeInTheDocument();
    await user.clear(field('Allowable payment threshold (%)'));
    await user.type(field('Allowable payment threshold (%)'), '150{Enter}');
    expect(await screen.findByText('Enter a percent between 0 and 100, e.g. 5.5.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows an error toast and the field message when the API refuses', async () => {
    const api = createFakeApi().fail('PATCH', ONE, 400, {
      corporate_id: ['Ensure this field has no more than 100 characters.'],
    });
    renderPage(<EntitySettingsForm entity={entity()} clientGuid={CLIENT_GUID} />, {
      route: '/clients/c',
      api,
    });
    const user = setupUser();
    await user.type(field('Corporate ID'), '-X{Enter}');
    expect(
      await screen.findByText(
        'The settings were not saved. Ensure this field has no more than 100 characters.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getAllByText('Ensure this field has no more than 100 characters.').length,
      ).toBeGreaterThan(0),
    );
  });
});
