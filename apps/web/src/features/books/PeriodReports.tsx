import {
  type BalanceSheet,
  booksReportsRoutes,
  booksRoutes,
  type GeneralLedger,
  type IncomeExpense,
  type PeriodComparison,
  type ProfitAndLoss,
  type PropertyExpenses,
} from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, errorMessageOf, QueryStates, useToast } from '../../ui/index.ts';
import { BOOKS_KEY } from './books-api.ts';
import { useReportExport } from './books-feeder-api.ts';

type Kind = 'profit-and-loss' | 'income-expense' | 'property-expenses' | 'balance';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'profit-and-loss', label: 'Profit and loss' },
  { value: 'balance', label: 'Balance sheet' },
  { value: 'income-expense', label: 'Income and expenses by month' },
  { value: 'property-expenses', label: 'Property expenses' },
];

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const year = new Date().getUTCFullYear();
const accountName = (a: { number: string | null; name: string }) =>
  a.number ? `${a.number} ${a.name}` : a.name;

/** An account figure that opens its entries (the general ledger of the account over the range). */
function Figure({ label, onDrill }: { label: string; onDrill: (() => void) | null }) {
  if (!onDrill) return <>{label}</>;
  return (
    <Link component="button" type="button" onClick={onDrill} underline="hover">
      {label}
    </Link>
  );
}

/**
 * Reports over a period for one entity, or for all of the client's entities combined (entityGuid null):
 * profit and loss (optionally against a second period), balance sheet comparison, income and expenses by
 * month and property expenses, each as PDF or XLSX; an account's name opens its entries.
 */
export function PeriodReports({ clientGuid, entityGuid }: { clientGuid: string; entityGuid: string | null }) {
  const { api } = useSession();
  const toast = useToast();
  const [kind, setKind] = useState<Kind>('profit-and-loss');
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [comparing, setComparing] = useState(false);
  const [compareFrom, setCompareFrom] = useState(`${year - 1}-01-01`);
  const [compareTo, setCompareTo] = useState(`${year - 1}-12-31`);
  const [drill, setDrill] = useState<{ guid: string; name: string } | null>(null);
  const download = useReportExport(clientGuid, entityGuid);
  const valid = isDate(from) && isDate(to) && (!comparing || (isDate(compareFrom) && isDate(compareTo)));
  const compare = comparing && (kind === 'profit-and-loss' || kind === 'balance');
  const r = booksReportsRoutes;
  const report = useQuery({
    queryKey: [
      ...BOOKS_KEY,
      clientGuid,
      entityGuid,
      'period',
      kind,
      from,
      to,
      compare,
      compareFrom,
      compareTo,
    ],
    enabled: valid,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<{ kind: Kind; compare: boolean; data: unknown }> => {
      const e = entityGuid ? { clientGuid, entityGuid } : null;
      const c = { clientGuid };
      let data: unknown;
      if (compare && (kind === 'profit-and-loss' || kind === 'balance')) {
        const query = {
          report: kind,
          to,
          compare_to: compareTo,
          ...(kind === 'profit-and-loss' ? { from, compare_from: compareFrom } : {}),
        };
        data = e
          ? await api.call(r.getBooksComparison, { params: e, query, signal })
          : await api.call(r.getBooksClientComparison, { params: c, query, signal });
      } else if (kind === 'balance') {
        data = e
          ? await api.call(booksRoutes.getBooksBalanceSheet, { params: e, query: { to }, signal })
          : await api.call(r.getBooksClientBalanceSheet, { params: c, query: { to }, signal });
      } else if (kind === 'profit-and-loss') {
        data = e
          ? await api.call(booksRoutes.getBooksProfitAndLoss, { params: e, query: { from, to }, signal })
          : await api.call(r.getBooksClientProfitAndLoss, { params: c, query: { from, to }, signal });
      } else if (kind === 'income-expense') {
        data = e
          ? await api.call(r.getBooksIncomeExpense, { params: e, query: { from, to }, signal })
          : await api.call(r.getBooksClientIncomeExpense, { params: c, query: { from, to }, signal });
      } else {
        data = e
          ? await api.call(r.getBooksPropertyExpenses, { params: e, query: { from, to }, signal })
          : await api.call(r.getBooksClientPropertyExpenses, { params: c, query: { from, to }, signal });
      }
      return { kind, compare, data };
    },
  });
  const exportAs = (format: 'pdf' | 'xlsx') =>
    download.mutate(
      {
        report: kind,
        format,
        ...(kind === 'balance' ? {} : { from }),
        to,
        ...(compare && (kind === 'profit-and-loss' || kind === 'balance')
          ? { compare_to: compareTo, ...(kind === 'profit-and-loss' ? { compare_from: compareFrom } : {}) }
          : {}),
      },
      { onError: (error) => toast.error(errorMessageOf(error)) },
    );
  const onDrill = (account: { guid: string; number: string | null; name: string }) =>
    entityGuid ? () => setDrill({ guid: account.guid, name: accountName(account) }) : null;
  return (
    <section aria-labelledby="period-reports-title">
      <Stack spacing={2}>
        <h3 id="period-reports-title" style={{ margin: 0 }}>
          Reports for a period
        </h3>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            id="period-report-kind"
            label="Report"
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            sx={{ minWidth: 240 }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k.value} value={k.value}>
                {k.label}
              </MenuItem>
            ))}
          </TextField>
          {kind !== 'balance' ? (
            <TextField
              id="period-report-from"
              label="From"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : null}
          <TextField
            id="period-report-to"
            label={kind === 'balance' ? 'As of' : 'To'}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {kind === 'profit-and-loss' || kind === 'balance' ? (
            <FormControlLabel
              control={<Switch checked={comparing} onChange={(e) => setComparing(e.target.checked)} />}
              label="Compare"
            />
          ) : null}
          {compare && kind === 'profit-and-loss' ? (
            <TextField
              id="period-report-compare-from"
              label="Compare from"
              type="date"
              value={compareFrom}
              onChange={(e) => setCompareFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : null}
          {compare && (kind === 'profit-and-loss' || kind === 'balance') ? (
            <TextField
              id="period-report-compare-to"
              label={kind === 'balance' ? 'Compare as of' : 'Compare to'}
              type="date"
              value={compareTo}
              onChange={(e) => setCompareTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => exportAs('pdf')} loading={download.isPending} disabled={!valid}>
            Download PDF
          </Button>
          <Button onClick={() => exportAs('xlsx')} loading={download.isPending} disabled={!valid}>
            Download XLSX
          </Button>
        </Stack>
        {!valid ? <EmptyState title="Enter the dates">Each date as YYYY-MM-DD.</EmptyState> : null}
        {valid ? (
          <QueryStates
            query={report}
            loadingLabel="Loading the report…"
            errorMessage={errorMessageOf}
            isEmpty={() => false}
            empty={null}
          >
            {({ kind: shown, compare: compared, data }) =>
              compared && (shown === 'profit-and-loss' || shown === 'balance') ? (
                <ComparisonTable report={data as PeriodComparison} onDrill={onDrill} />
              ) : shown === 'balance' ? (
                <BalanceTable report={data as BalanceSheet} onDrill={onDrill} />
              ) : shown === 'profit-and-loss' ? (
                <ProfitTable report={data as ProfitAndLoss} onDrill={onDrill} />
              ) : shown === 'income-expense' ? (
                <IncomeExpenseTable report={data as IncomeExpense} onDrill={onDrill} />
              ) : (
                <PropertyTable report={data as PropertyExpenses} />
              )
            }
          </QueryStates>
        ) : null}
      </Stack>
      {entityGuid && drill ? (
        <LedgerDialog
          clientGuid={clientGuid}
          entityGuid={entityGuid}
          account={drill}
          from={kind === 'balance' ? null : from}
          to={to}
          onClose={() => setDrill(null)}
        />
      ) : null}
    </section>
  );
}

type Drill = (account: { guid: string; number: string | null; name: string }) => (() => void) | null;

function ProfitTable({ report, onDrill }: { report: ProfitAndLoss; onDrill: Drill }) {
  const section = (title: string, s: ProfitAndLoss['income']) => [
    <TableRow key={`${title}-h`}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }} colSpan={2}>
        {title}
      </TableCell>
    </TableRow>,
    ...s.rows.map((row) => (
      <TableRow key={row.account.guid}>
        <TableCell sx={{ pl: 4 }}>
          <Figure label={accountName(row.account)} onDrill={onDrill(row.account)} />
        </TableCell>
        <TableCell align="right">{formatMoney(row.balance)}</TableCell>
      </TableRow>
    )),
    <TableRow key={`${title}-t`}>
      <TableCell sx={{ fontWeight: 'bold' }}>Total {title}</TableCell>
      <TableCell align="right" sx={{ fontWeight: 'bold' }}>
        {formatMoney(s.total)}
      </TableCell>
    </TableRow>,
  ];
  return (
    <Table size="small" aria-label="Profit and loss">
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {section('Income', report.income)}
        {section('Expenses', report.expenses)}
        <TableRow>
          <TableCell sx={{ fontWeight: 'bold' }}>Net Income</TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.net_income)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function BalanceTable({ report, onDrill }: { report: BalanceSheet; onDrill: Drill }) {
  const section = (
    title: string,
    s: BalanceSheet['assets'],
    extra: [string, number][] = [],
    total = s.total,
  ) => [
    <TableRow key={`${title}-h`}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }} colSpan={2}>
        {title}
      </TableCell>
    </TableRow>,
    ...s.rows.map((row) => (
      <TableRow key={row.account.guid}>
        <TableCell sx={{ pl: 4 }}>
          <Figure label={accountName(row.account)} onDrill={onDrill(row.account)} />
        </TableCell>
        <TableCell align="right">{formatMoney(row.balance)}</TableCell>
      </TableRow>
    )),
    ...extra.map(([label, cents]) => (
      <TableRow key={label}>
        <TableCell sx={{ pl: 4 }}>{label}</TableCell>
        <TableCell align="right">{formatMoney(cents)}</TableCell>
      </TableRow>
    )),
    <TableRow key={`${title}-t`}>
      <TableCell sx={{ fontWeight: 'bold' }}>Total {title}</TableCell>
      <TableCell align="right" sx={{ fontWeight: 'bold' }}>
        {formatMoney(total)}
      </TableCell>
    </TableRow>,
  ];
  return (
    <Table size="small" aria-label="Balance sheet for the period">
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {section('Assets', report.assets)}
        {section('Liabilities', report.liabilities)}
        {section(
          'Equity',
          report.equity,
          [
            ['Retained Earnings', report.retained_earnings],
            ['Current Earnings', report.current_earnings],
          ],
          report.equity.total + report.retained_earnings + report.current_earnings,
        )}
        <TableRow>
          <TableCell sx={{ fontWeight: 'bold' }}>Total Liabilities and Equity</TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.total_liabilities_and_equity)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function ComparisonTable({ report, onDrill }: { report: PeriodComparison; onDrill: Drill }) {
  const label = (p: { from: string | null; to: string }) => (p.from ? `${p.from} – ${p.to}` : p.to);
  return (
    <Table size="small" aria-label="Comparison">
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          <TableCell align="right">{label(report.period)}</TableCell>
          <TableCell align="right">{label(report.compare_period)}</TableCell>
          <TableCell align="right">Difference</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.sections.flatMap((s) => [
          <TableRow key={`${s.title}-h`}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }} colSpan={4}>
              {s.title}
            </TableCell>
          </TableRow>,
          ...s.rows.map((row) => (
            <TableRow key={`${s.title}-${row.account.guid}`}>
              <TableCell sx={{ pl: 4 }}>
                <Figure label={accountName(row.account)} onDrill={onDrill(row.account)} />
              </TableCell>
              <TableCell align="right">{formatMoney(row.amount)}</TableCell>
              <TableCell align="right">{formatMoney(row.compare)}</TableCell>
              <TableCell align="right">{formatMoney(row.difference)}</TableCell>
            </TableRow>
          )),
          <TableRow key={`${s.title}-t`}>
            <TableCell sx={{ fontWeight: 'bold' }}>Total {s.title}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {formatMoney(s.total)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {formatMoney(s.compare)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {formatMoney(s.difference)}
            </TableCell>
          </TableRow>,
        ])}
        <TableRow>
          <TableCell sx={{ fontWeight: 'bold' }}>{report.bottom_line.label}</TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.bottom_line.amount)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.bottom_line.compare)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.bottom_line.difference)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function IncomeExpenseTable({ report, onDrill }: { report: IncomeExpense; onDrill: Drill }) {
  const section = (title: string, s: IncomeExpense['income']) => [
    <TableRow key={`${title}-h`}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }} colSpan={report.months.length + 2}>
        {title}
      </TableCell>
    </TableRow>,
    ...s.rows.map((row) => (
      <TableRow key={row.account.guid}>
        <TableCell sx={{ pl: 4 }}>
          <Figure label={accountName(row.account)} onDrill={onDrill(row.account)} />
        </TableCell>
        {row.amounts.map((a, i) => (
          <TableCell key={report.months[i]} align="right">
            {formatMoney(a)}
          </TableCell>
        ))}
        <TableCell align="right">{formatMoney(row.total)}</TableCell>
      </TableRow>
    )),
    <TableRow key={`${title}-t`}>
      <TableCell sx={{ fontWeight: 'bold' }}>Total {title}</TableCell>
      {s.totals.map((a, i) => (
        <TableCell key={report.months[i]} align="right" sx={{ fontWeight: 'bold' }}>
          {formatMoney(a)}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ fontWeight: 'bold' }}>
        {formatMoney(s.total)}
      </TableCell>
    </TableRow>,
  ];
  return (
    <Table size="small" aria-label="Income and expenses">
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          {report.months.map((m) => (
            <TableCell key={m} align="right">
              {m}
            </TableCell>
          ))}
          <TableCell align="right">Total</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {section('Income', report.income)}
        {section('Expenses', report.expenses)}
        <TableRow>
          <TableCell sx={{ fontWeight: 'bold' }}>Net</TableCell>
          {report.net.map((a, i) => (
            <TableCell key={report.months[i]} align="right" sx={{ fontWeight: 'bold' }}>
              {formatMoney(a)}
            </TableCell>
          ))}
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.net_total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function PropertyTable({ report }: { report: PropertyExpenses }) {
  if (report.properties.length === 0)
    return (
      <EmptyState title="No property expenses">
        Nothing in this period names a property: choose one on an entry's line or a transaction's split.
      </EmptyState>
    );
  return (
    <Table size="small" aria-label="Property expenses">
      <TableHead>
        <TableRow>
          <TableCell>Property / account</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.properties.flatMap((p) => [
          <TableRow key={p.property.guid}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }} colSpan={2}>
              {p.property.name}
            </TableCell>
          </TableRow>,
          ...p.rows.map((row) => (
            <TableRow key={`${p.property.guid}-${row.account.guid}`}>
              <TableCell sx={{ pl: 4 }}>{accountName(row.account)}</TableCell>
              <TableCell align="right">{formatMoney(row.amount)}</TableCell>
            </TableRow>
          )),
          <TableRow key={`${p.property.guid}-t`}>
            <TableCell sx={{ fontWeight: 'bold' }}>Total {p.property.name}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 'bold' }}>
              {formatMoney(p.total)}
            </TableCell>
          </TableRow>,
        ])}
        <TableRow>
          <TableCell sx={{ fontWeight: 'bold' }}>Total</TableCell>
          <TableCell align="right" sx={{ fontWeight: 'bold' }}>
            {formatMoney(report.total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The drill-down: an account's entries over the range, with opening, running and closing balances. */
export function LedgerDialog({
  clientGuid,
  entityGuid,
  account,
  from,
  to,
  onClose,
}: {
  clientGuid: string;
  entityGuid: string;
  account: { guid: string; name: string };
  from: string | null;
  to: string;
  onClose: () => void;
}) {
  const { api } = useSession();
  const titleId = useId();
  const ledger = useQuery({
    queryKey: [...BOOKS_KEY, { clientGuid, entityGuid }, 'ledger', account.guid, from, to],
    queryFn: ({ signal }) =>
      api.call(booksRoutes.getBooksGeneralLedger, {
        params: { clientGuid, entityGuid },
        query: { ...(from ? { from } : {}), to, account: account.guid },
        signal,
      }),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Entries of {account.name}</DialogTitle>
      <DialogContent>
        <QueryStates
          query={ledger}
          loadingLabel="Loading entries…"
          errorMessage={errorMessageOf}
          isEmpty={() => false}
          empty={null}
        >
          {(data: GeneralLedger) => {
            const a = data.accounts[0];
            if (!a)
              return (
                <EmptyState title="No entries">Nothing is posted to this account in the period.</EmptyState>
              );
            return (
              <Table size="small" aria-label={`Entries of ${account.name}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Memo</TableCell>
                    <TableCell>Source</TableCell>
                    <TableCell align="right">Debit</TableCell>
                    <TableCell align="right">Credit</TableCell>
                    <TableCell align="right">Balance</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TableRow>
                    <TableCell colSpan={5}>Opening balance</TableCell>
                    <TableCell align="right">{formatMoney(a.opening)}</TableCell>
                  </TableRow>
                  {a.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an entry may have two lines on one account
                    <TableRow key={`${l.entry}-${i}`}>
                      <TableCell>{l.date}</TableCell>
                      <TableCell>{l.memo ?? ''}</TableCell>
                      <TableCell>{l.source.replace('_', ' ')}</TableCell>
                      <TableCell align="right">{l.debit ? formatMoney(l.debit) : ''}</TableCell>
                      <TableCell align="right">{l.credit ? formatMoney(l.credit) : ''}</TableCell>
                      <TableCell align="right">{formatMoney(l.running)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={5} sx={{ fontWeight: 'bold' }}>
                      Closing balance
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 'bold' }}>
                      {formatMoney(a.closing)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            );
          }}
        </QueryStates>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
