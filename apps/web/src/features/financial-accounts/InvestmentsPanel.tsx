import { type InvestmentAccount, investmentsRoutes } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useFindataWrite, useInvestments } from './findata-hooks.ts';

/** Investment accounts and their positions from the investment-data provider (decision 036). */
export function InvestmentsPanel({ clientGuid, canConnect }: { clientGuid: string; canConnect: boolean }) {
  const investments = useInvestments(clientGuid);
  const toast = useToast();
  const connect = useFindataWrite(clientGuid, (api, _: null) =>
    api.call(investmentsRoutes.postInvestmentConnect, { params: { clientGuid } }),
  );
  const refresh = useFindataWrite(clientGuid, (api, _: null) =>
    api.call(investmentsRoutes.postInvestmentRefresh, { params: { clientGuid } }),
  );
  const data = investments.data;
  return (
    <Box component="section" aria-labelledby="investments-title" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1.5, alignItems: 'center' }}>
        <Typography id="investments-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Investments{data && data.accounts.length > 0 ? `: ${formatMoney(data.total)}` : ''}
        </Typography>
        {canConnect && data?.configured ? (
          <>
            <Button
              loading={connect.isPending}
              onClick={() =>
                connect.mutate(null, {
                  onSuccess: (r) => window.location.assign(r.connect_url),
                  onError: (error) => toast.error(apiErrorMessage(error)),
                })
              }
            >
              {data.connected ? 'Add accounts' : 'Connect investments'}
            </Button>
            {data.connected ? (
              <Button
                loading={refresh.isPending}
                onClick={() =>
                  refresh.mutate(null, {
                    onSuccess: () => toast.success('Investment balances are up to date.'),
                    onError: (error) => toast.error(apiErrorMessage(error)),
                  })
                }
              >
                Refresh
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      <QueryStates
        query={investments}
        loadingLabel="Loading investments…"
        errorMessage={apiErrorMessage}
        isEmpty={(d) => d.accounts.length === 0}
        empty={
          <EmptyState title="No investment accounts yet.">
            {data?.configured
              ? 'Connect the investment accounts to see their balances and positions here.'
              : 'Investment data is not set up on this server.'}
          </EmptyState>
        }
      >
        {(d) => (
          <Stack spacing={2}>
            {d.last_refreshed_at ? (
              <Typography variant="body2" color="text.secondary">
                As of {formatDate(d.last_refreshed_at.slice(0, 10))}
              </Typography>
            ) : null}
            {d.accounts.map((a: InvestmentAccount) => (
              <Box key={a.guid}>
                <Typography variant="subtitle1" component="h3">
                  {a.name}
                  {a.number_display ? ` ····${a.number_display}` : ''}: {formatMoney(a.balance)}
                </Typography>
                <DataTable
                  label={`Positions of ${a.name}`}
                  rows={a.positions}
                  rowKey={(p) => `${p.symbol ?? ''}-${p.description}`}
                  empty="No positions."
                  columns={[
                    { key: 'symbol', header: 'Symbol', rowHeader: true, render: (p) => p.symbol ?? '—' },
                    { key: 'description', header: 'Holding', render: (p) => p.description },
                    {
                      key: 'units',
                      header: 'Units',
                      align: 'right',
                      render: (p) => p.units.toLocaleString('en-US'),
                    },
                    {
                      key: 'value',
                      header: 'Market value',
                      align: 'right',
                      render: (p) => formatMoney(p.market_value),
                    },
                  ]}
                />
              </Box>
            ))}
          </Stack>
        )}
      </QueryStates>
    </Box>
  );
}
