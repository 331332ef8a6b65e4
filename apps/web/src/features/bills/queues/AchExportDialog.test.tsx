import type { AchExport } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../../test-utils.tsx';
import { CLIENT_GUID, guidOf, page } from '../shared/fixtures.test-support.ts';
import { AchExportDialog } from './AchExportDialog.tsx';

const EXPORTS = `/v1/billing/clients/${CLIENT_GUID}/ach-exports`;
const ACCOUNT = {
  guid: guidOf(700),
  name: 'Operating account',
  account_last4: '4821',
  parent_institution: null,
  parent_institution_name: null,
  created_on: '2026-01-01T00:00:00Z',
};
const MADE: AchExport = {
  guid: guidOf(701),
  batch_reference: 'ACH-20261124-1',
  effective_date: '2026-11-25',
  entry_count: 2,
  total_amount: 62_345,
  paid_from_account: { guid: ACCOUNT.guid, name: 'Operating account', account_last4: '4821' },
  bills: [
    { guid: guidOf(702), trace_number: '021000020000001', amount: 12_345, vendor: 'Pacific Power' },
    { guid: guidOf(703), trace_number: '021000020000002', amount: 50_000, vendor: 'Evergreen Landscaping' },
  ],
  missing_bank_account: [guidOf(704)],
  created_on: '2026-11-24T20:00:00Z',
  created_by: null,
  recorded_on: null,
};

describe('AchExportDialog', () => {
  it('makes the NACHA file from the chosen account, then records all of its payments in one step', async () => {
    const api = createFakeApi()
      .reply('GET', `/v1/accounts/clients/${CLIENT_GUID}/institutions`, page([ACCOUNT]))
      .reply('POST', EXPORTS, MADE)
      .reply('POST', `${EXPORTS}/${MADE.guid}/record-payments`, {
        ...MADE,
        recorded_on: '2026-11-24T21:00:00Z',
      });
    const recorded = vi.fn();
    renderPage(<AchExportDialog open clientGuid={CLIENT_GUID} onClose={() => {}} onRecorded={recorded} />, {
      api,
    });
    const user = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Export ACH payments' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Paid from account/ })).toHaveTextContent(
        'Operating account ••4821',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create file' }));
    expect(
      await within(dialog).findByText(/2 payments in ACH-20261124-1, total \$623\.45/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/1 bill was left out: its vendor has no bank account/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Pacific Power · \$123\.45 · trace 021000020000001/)).toBeInTheDocument();
    expect(api.callsTo('POST', EXPORTS)[0]?.body).toMatchObject({ paid_from_account: ACCOUNT.guid });

    await user.click(within(dialog).getByRole('button', { name: 'Record 2 payments ($623.45)' }));
    await waitFor(() => expect(recorded).toHaveBeenCalled());
    const call = api.callsTo('POST', `${EXPORTS}/${MADE.guid}/record-payments`)[0];
    expect(call?.body).toHaveProperty('payment_date');
    expect(call?.options?.headers?.['Idempotency-Key']).toBeTruthy();
  });

  it('says why nothing could be exported', async () => {
    const api = createFakeApi()
      .reply('GET', `/v1/accounts/clients/${CLIENT_GUID}/institutions`, page([ACCOUNT]))
      .fail('POST', EXPORTS, 409, {
        detail: 'No approved ACH payments of this client wait to be sent.',
        code: 'conflict',
      });
    renderPage(<AchExportDialog open clientGuid={CLIENT_GUID} onClose={() => {}} onRecorded={() => {}} />, {
      api,
    });
    const user = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Export ACH payments' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Create file' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create file' }));
    expect(
      await within(dialog).findByText('No approved ACH payments of this client wait to be sent.'),
    ).toBeInTheDocument();
  });
});
