import { pathOf } from '@bp/api-client';
import {
  bankMatchingRoutes,
  type ReconciliationBankItems as Items,
  type Reconciliation,
} from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { ReconciliationBankItems } from './ReconciliationBankItems.tsx';

const CLIENT = '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e';
const RECONCILIATION = '4f1e3b2c-5a6d-4e7f-9b8c-9d0e1f2a3b4c';
const row = {
  guid: RECONCILIATION,
  client: { guid: CLIENT, name: 'Harper Household' },
  entity: { guid: '5a2f4c3d-6b7e-4f8a-8c9d-0e1f2a3b4c5d', name: 'Harper Family LLC' },
  period_end: '2026-10-31',
} as unknown as Reconciliation;

describe('ReconciliationBankItems', () => {
  it("shows the period's statements and the payments still unmatched", async () => {
    const user = setupUser();
    const items: Items = {
      statements: [
        {
          guid: '6b3a5d4e-7c8f-4a9b-9d0e-1f2a3b4c5d6e',
          account_guid: '7c4b6e5f-8d9a-4bac-8e1f-2a3b4c5d6e7f',
          month: 10,
          year: 2026,
          date_posted: '2026-10-28',
          document_guid: '8d5c7f6a-9eab-4cbd-9f2a-3b4c5d6e7f8a',
          reconciliation_guid: RECONCILIATION,
        },
      ],
      unmatched_debits: [
        {
          guid: '9e6d8a7b-afbc-4dce-8a3b-4c5d6e7f8a9b',
          account_guid: '7c4b6e5f-8d9a-4bac-8e1f-2a3b4c5d6e7f',
          amount: 7_700,
          date: '2026-10-14',
          name: 'SQ *UNKNOWN SHOP',
          merchant_name: null,
          check_number: null,
          pending: false,
        },
      ],
      older_than_days: 10,
    };
    const api = createFakeApi().reply(
      'GET',
      pathOf(bankMatchingRoutes.getReconciliationBankItems, {
        clientGuid: CLIENT,
        reconciliationGuid: RECONCILIATION,
      }),
      items,
    );
    renderPage(<ReconciliationBankItems row={row} />, { api });
    await user.click(
      screen.getByRole('button', { name: 'Bank items of Harper Household Harper Family LLC 2026-10-31' }),
    );
    const statements = await screen.findByRole('table', { name: 'Statements' });
    expect(within(statements).getByRole('row', { name: /Oct 2026/ }).textContent).toContain('10/28/2026');
    expect(within(statements).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.getByText('Unmatched payments older than 10 days')).toBeTruthy();
    const unmatched = screen.getByRole('table', { name: 'Unmatched payments' });
    expect(within(unmatched).getByRole('row', { name: /SQ \*UNKNOWN SHOP/ }).textContent).toContain('$77.00');
  });
});
