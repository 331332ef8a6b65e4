import type { FinancialAccount } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type DataColumn, DataTable, EmptyState, QueryStates } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { RecordBalanceDialog } from './RecordBalanceDialog.tsx';
import { useFinancialAccounts } from './useFinancialAccounts.ts';

const KIND = { bank: 'Bank', investment: 'Investment' } as const;

function columns(): DataColumn<FinancialAccount>[] {
  return [
    {
      key: 'name',
      header: 'Account',
      rowHeader: true,
      render: (a) => `${a.name}${a.account_last4 ? ` ····${a.account_last4}` : ''}`,
    },
    { key: 'institution', header: 'Institution', render: (a) => a.institution_name ?? '—' },
    { key: 'kind', header: 'Kind', render: (a) => KIND[a.account_kind] },
    {
      key: 'balance',
      header: 'Balance',
      align: 'right',
      render: (a) =>
        a.balance === null ? (
          'Not entered yet'
        ) : (
          <>
            {formatMoney(a.balance)}
            {a.below_minimum ? (
              <Chip size="small" color="warning" variant="outlined" label="Below minimum" sx={{ ml: 1 }} />
            ) : null}
          </>
        ),
    },
    {
      key: 'as_of',
      header: 'As of',
      render: (a) => (a.balance_as_of ? `${formatDate(a.balance_as_of)} (entered by hand)` : '—'),
    },
    {
      key: 'statement',
      header: 'Last statement',
      render: (a) => (a.last_statement_date ? formatDate(a.last_statement_date) : 'No statements yet'),
    },
    {
      key: 'minimum',
      header: 'Minimum balance',
      align: 'right',
      render: (a) => (a.minimum_balance === null ? '—' : formatMoney(a.minimum_balance)),
    },
  ];
}

/**
 * A client's bank and investment accounts with their balances (decision 029). Balances are entered by
 * hand by the provider team until statement feeds exist, and say so; `canRecord` (staff) adds Record
 * balance to each account.
 */
export function FinancialAccountsTable({
  clientGuid,
  canRecord,
}: {
  clientGuid: string;
  canRecord: boolean;
}) {
  const accounts = useFinancialAccounts(clientGuid);
  const [recording, setRecording] = useState<FinancialAccount | null>(null);
  return (
    <>
      <QueryStates
        query={accounts}
        loadingLabel="Loading accounts…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No accounts yet.">
            Bank and investment accounts are added with the client's institutions.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <DataTable
              label="Financial accounts"
              columns={columns()}
              rows={data.results}
              rowKey={(a) => a.guid}
              {...(canRecord
                ? {
                    actions: (a: FinancialAccount) => (
                      <Button
                        size="small"
                        onClick={() => setRecording(a)}
                        aria-label={`Record balance of ${a.name}`}
                      >
                        Record balance
                      </Button>
                    ),
                  }
                : {})}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Balances are entered by hand by the provider team from statements; they are not fed from the
              bank.
            </Typography>
          </>
        )}
      </QueryStates>
      {canRecord ? (
        <RecordBalanceDialog clientGuid={clientGuid} account={recording} onClose={() => setRecording(null)} />
      ) : null}
    </>
  );
}
