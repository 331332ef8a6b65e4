import type { BalanceSheet, TrialBalance } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState, errorMessageOf, QueryStates, useToast } from '../../ui/index.ts';
import { type EntityBooks, useBalanceSheet, useReportDownload, useTrialBalance } from './books-api.ts';
import { useReportExport } from './books-feeder-api.ts';
import { CustomReport } from './CustomReport.tsx';
import { LedgerDialog, PeriodReports } from './PeriodReports.tsx';

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Trial balance and balance sheet as of a date, each with its XLSX export. */
export function ReportsPanel({ books }: { books: EntityBooks }) {
  const [to, setTo] = useState(todayIso());
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(to);
  const asOf = valid ? to : todayIso();
  const trial = useTrialBalance(books, asOf);
  const sheet = useBalanceSheet(books, asOf);
  const download = useReportDownload(books);
  const pdf = useReportExport(books.clientGuid, books.entityGuid);
  const [drill, setDrill] = useState<{ guid: string; name: string } | null>(null);
  const toast = useToast();
  const exportPdf = (report: 'trial' | 'balance') =>
    pdf.mutate(
      { report, format: 'pdf', to: asOf },
      { onError: (error) => toast.error(errorMessageOf(error)) },
    );
  const exportXlsx = (report: 'trial' | 'balance') =>
    download.mutate({ report, to: asOf }, { onError: (error) => toast.error(errorMessageOf(error)) });
  return (
    <Stack spacing={3}>
      <TextField
        id="books-report-to"
        label="As of"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={!valid}
        helperText={valid ? ' ' : 'Enter a date.'}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 220 }}
      />
      <section aria-labelledby="trial-balance-title">
        <Stack sx={{ justifyContent: 'space-between', alignItems: 'center' }} direction="row">
          <Typography variant="h6" component="h3" id="trial-balance-title">
            Trial balance
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => exportXlsx('trial')} loading={download.isPending}>
              Export trial balance
            </Button>
            <Button onClick={() => exportPdf('trial')} loading={pdf.isPending}>
              Trial balance PDF
            </Button>
          </Stack>
        </Stack>
        <QueryStates
          query={trial}
          loadingLabel="Loading the trial balance…"
          errorMessage={errorMessageOf}
          isEmpty={(data) => data.rows.length === 0}
          empty={<EmptyState title="No balances">Nothing is posted up to this date.</EmptyState>}
        >
          {(data) => <TrialTable report={data} onDrill={(a) => setDrill(a)} />}
        </QueryStates>
      </section>
      <section aria-labelledby="balance-sheet-title">
        <Stack sx={{ justifyContent: 'space-between', alignItems: 'center' }} direction="row">
          <Typography variant="h6" component="h3" id="balance-sheet-title">
            Balance sheet
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button onClick={() => exportXlsx('balance')} loading={download.isPending}>
              Export balance sheet
            </Button>
            <Button onClick={() => exportPdf('balance')} loading={pdf.isPending}>
              Balance sheet PDF
            </Button>
          </Stack>
        </Stack>
        <QueryStates
          query={sheet}
          loadingLabel="Loading the balance sheet…"
          errorMessage={errorMessageOf}
          isEmpty={() => false}
          empty={null}
        >
          {(data) => <SheetTable report={data} />}
        </QueryStates>
      </section>
      <PeriodReports clientGuid={books.clientGuid} entityGuid={books.entityGuid} />
      <CustomReport books={books} />
      {drill ? (
        <LedgerDialog
          clientGuid={books.clientGuid}
          entityGuid={books.entityGuid}
          account={drill}
          from={null}
          to={asOf}
          onClose={() => setDrill(null)}
        />
      ) : null}
    </Stack>
  );
}

function TrialTable({
  report,
  onDrill,
}: {
  report: TrialBalance;
  onDrill: (account: { guid: string; name: string }) => void;
}) {
  return (
    <Table size="small" aria-label="Trial balance">
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          <TableCell align="right">Debit</TableCell>
          <TableCell align="right">Credit</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.rows.map((r) => (
          <TableRow key={r.account.guid}>
            <TableCell>
              <Link
                component="button"
                type="button"
                underline="hover"
                onClick={() =>
                  onDrill({
                    guid: r.account.guid,
                    name: r.account.number ? `${r.account.number} ${r.account.name}` : r.account.name,
                  })
                }
              >
                {r.account.number ? `${r.account.number} ${r.account.name}` : r.account.name}
              </Link>
            </TableCell>
            <TableCell align="right">{r.debit ? formatMoney(r.debit) : ''}</TableCell>
            <TableCell align="right">{r.credit ? formatMoney(r.credit) : ''}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.total_debit)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.total_credit)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function SheetTable({ report }: { report: BalanceSheet }) {
  const rows: [string, number, boolean][] = [
    ...report.assets.rows.map((r) => [r.account.name, r.balance, false] as [string, number, boolean]),
    ['Total Assets', report.assets.total, true],
    ...report.liabilities.rows.map((r) => [r.account.name, r.balance, false] as [string, number, boolean]),
    ['Total Liabilities', report.liabilities.total, true],
    ...report.equity.rows.map((r) => [r.account.name, r.balance, false] as [string, number, boolean]),
    ['Retained Earnings', report.retained_earnings, false],
    ['Current Earnings', report.current_earnings, false],
    ['Total Liabilities and Equity', report.total_liabilities_and_equity, true],
  ];
  return (
    <Table size="small" aria-label="Balance sheet">
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([label, cents, total]) => (
          <TableRow key={label}>
            <TableCell sx={total ? { fontWeight: 'bold' } : undefined}>{label}</TableCell>
            <TableCell align="right" sx={total ? { fontWeight: 'bold' } : undefined}>
              {formatMoney(cents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
