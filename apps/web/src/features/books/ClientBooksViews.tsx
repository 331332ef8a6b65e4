import { booksReportsRoutes } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, errorMessageOf, QueryStates } from '../../ui/index.ts';
import { BOOKS_KEY } from './books-api.ts';
import { PeriodReports } from './PeriodReports.tsx';

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * /financial-accounts for a client user whose Books feature is on: the balances the books hold today for
 * the bank, credit-card and other balance-sheet accounts of all the client's entities. Its own component
 * (the bank-feed accounts of issue 19 are another part of the page).
 */
export function ClientBooksAccounts({ clientGuid }: { clientGuid: string }) {
  const { api } = useSession();
  const to = todayIso();
  const sheet = useQuery({
    queryKey: [...BOOKS_KEY, clientGuid, 'client-balance', to],
    queryFn: ({ signal }) =>
      api.call(booksReportsRoutes.getBooksClientBalanceSheet, {
        params: { clientGuid },
        query: { to },
        signal,
      }),
  });
  return (
    <section aria-labelledby="books-balances-title">
      <Typography variant="h6" component="h2" id="books-balances-title" sx={{ mt: 4, mb: 1 }}>
        Balances in your books
      </Typography>
      <QueryStates
        query={sheet}
        loadingLabel="Loading the books…"
        errorMessage={errorMessageOf}
        isEmpty={(data) => data.assets.rows.length + data.liabilities.rows.length === 0}
        empty={
          <EmptyState title="Nothing in the books yet">
            Your family office has not posted to your books.
          </EmptyState>
        }
      >
        {(data) => (
          <Table size="small" aria-label="Balances in your books">
            <TableHead>
              <TableRow>
                <TableCell>Account</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell align="right">Balance today</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...data.assets.rows, ...data.liabilities.rows].map((row) => (
                <TableRow key={row.account.guid}>
                  <TableCell>{row.account.name}</TableCell>
                  <TableCell>{row.account.subtype.replaceAll('_', ' ')}</TableCell>
                  <TableCell align="right">{formatMoney(row.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>
    </section>
  );
}

/** /reports for a client user whose Books feature is on: the financial reports of all their entities. */
export function ClientBooksReports({ clientGuid }: { clientGuid: string }) {
  return (
    <Stack spacing={2} sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2">
        Financial statements
      </Typography>
      <PeriodReports clientGuid={clientGuid} entityGuid={null} />
    </Stack>
  );
}
