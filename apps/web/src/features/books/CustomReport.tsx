import { booksReportsRoutes, type CustomReport as Report, type ReportDictionary } from '@bp/contracts';
import { formatMoney, parseDollarsToCents } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { errorMessageOf } from '../../ui/index.ts';
import { BOOKS_KEY, type EntityBooks } from './books-api.ts';

type Field = ReportDictionary['fields'][number];
interface FilterValues {
  field: string;
  op: string;
  value: string;
}

const OP_LABELS: Record<string, string> = {
  eq: 'is',
  contains: 'contains',
  starts_with: 'starts with',
  in: 'is one of',
  gte: 'at least',
  lte: 'at most',
};
const year = new Date().getUTCFullYear();

/** A filter as typed → the API's (money in dollars → cents, "is one of" as a comma list), or why not. */
function filterOf(f: FilterValues, field: Field | undefined) {
  if (!field) return { problem: 'Choose a column for each filter.' };
  if (field.type === 'money') {
    const cents = parseDollarsToCents(f.value);
    return cents === null
      ? { problem: `Enter an amount for ${field.label}.` }
      : { filter: { field: f.field, op: f.op, value: cents } };
  }
  if (f.op === 'in') {
    const values = f.value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return { filter: { field: f.field, op: f.op, value: values } };
  }
  return { filter: { field: f.field, op: f.op, value: f.value.trim() } };
}

/**
 * A custom ledger report from the report dictionary: the entity's posted lines with the columns chosen
 * and the filters set, with the totals of the money columns.
 */
export function CustomReport({ books }: { books: EntityBooks }) {
  const { api } = useSession();
  const dictionary = useQuery({
    queryKey: [...BOOKS_KEY, 'report-dictionary'],
    queryFn: ({ signal }) => api.call(booksReportsRoutes.getBooksReportDictionary, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fields = dictionary.data?.fields ?? [];
  const [columns, setColumns] = useState<string[]>(['date', 'account_name', 'entry_memo', 'debit', 'credit']);
  const [filters, setFilters] = useState<FilterValues[]>([]);
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (body: unknown) =>
      api.call(booksReportsRoutes.postBooksCustomReport, { params: books, body: body as never }),
    onError: (error) => setProblem(errorMessageOf(error)),
  });
  const submit = () => {
    const built = filters.map((f) =>
      filterOf(
        f,
        fields.find((x) => x.key === f.field),
      ),
    );
    const bad = built.find((b) => 'problem' in b);
    if (bad && 'problem' in bad) return setProblem(bad.problem ?? null);
    if (columns.length === 0) return setProblem('Choose at least one column.');
    setProblem(null);
    run.mutate({
      columns,
      filters: built.flatMap((b) => ('filter' in b && b.filter ? [b.filter] : [])),
      from,
      to,
    });
  };
  const setFilter = (i: number, patch: Partial<FilterValues>) =>
    setFilters((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <section aria-labelledby="custom-report-title">
      <Stack spacing={2}>
        <Typography variant="h6" component="h3" id="custom-report-title">
          Custom report
        </Typography>
        <FormGroup row role="group" aria-label="Columns">
          {fields.map((f) => (
            <FormControlLabel
              key={f.key}
              control={
                <Checkbox
                  size="small"
                  checked={columns.includes(f.key)}
                  onChange={(e) =>
                    setColumns((cs) => (e.target.checked ? [...cs, f.key] : cs.filter((c) => c !== f.key)))
                  }
                />
              }
              label={f.label}
            />
          ))}
        </FormGroup>
        {filters.map((f, i) => {
          const field = fields.find((x) => x.key === f.field);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place
            <Stack direction="row" spacing={1} key={i}>
              <TextField
                select
                id={`custom-filter-${i}-field`}
                label={`Filter ${i + 1} column`}
                value={f.field}
                onChange={(e) => {
                  const next = fields.find((x) => x.key === e.target.value);
                  setFilter(i, { field: e.target.value, op: next?.operators[0] ?? 'eq', value: '' });
                }}
                sx={{ minWidth: 200 }}
              >
                {fields.map((x) => (
                  <MenuItem key={x.key} value={x.key}>
                    {x.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                id={`custom-filter-${i}-op`}
                label={`Filter ${i + 1} test`}
                value={f.op}
                onChange={(e) => setFilter(i, { op: e.target.value })}
                sx={{ minWidth: 140 }}
              >
                {(field?.operators ?? []).map((op) => (
                  <MenuItem key={op} value={op}>
                    {OP_LABELS[op] ?? op}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`custom-filter-${i}-value`}
                label={`Filter ${i + 1} value`}
                value={f.value}
                onChange={(e) => setFilter(i, { value: e.target.value })}
                helperText={
                  field?.choices && f.op === 'in'
                    ? `Comma-separated: ${field.choices.slice(0, 5).join(', ')}…`
                    : ' '
                }
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Remove filter ${i + 1}`}
                onClick={() => setFilters((fs) => fs.filter((_, j) => j !== i))}
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            onClick={() => setFilters((fs) => [...fs, { field: 'account_name', op: 'contains', value: '' }])}
            disabled={filters.length >= 20}
          >
            Add filter
          </Button>
          <TextField
            id="custom-report-from"
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id="custom-report-to"
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="contained" onClick={submit} loading={run.isPending}>
            Run report
          </Button>
        </Stack>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        {run.data ? <ReportTable report={run.data} /> : null}
      </Stack>
    </section>
  );
}

function ReportTable({ report }: { report: Report }) {
  const cell = (value: string | number | null, type: string) =>
    value === null ? '' : type === 'money' && typeof value === 'number' ? formatMoney(value) : String(value);
  return (
    <>
      <Typography role="status">
        {report.count === 0
          ? 'No posted line matches.'
          : `${report.count} line${report.count === 1 ? '' : 's'}${report.truncated ? `, the first ${report.rows.length} shown` : ''}.`}
      </Typography>
      {report.rows.length > 0 ? (
        <Table size="small" aria-label="Custom report">
          <TableHead>
            <TableRow>
              {report.columns.map((c) => (
                <TableCell key={c.key} align={c.type === 'money' ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no identity but their place
              <TableRow key={i}>
                {row.map((value, j) => (
                  <TableCell
                    key={report.columns[j]?.key}
                    align={report.columns[j]?.type === 'money' ? 'right' : 'left'}
                  >
                    {cell(value, report.columns[j]?.type ?? 'text')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow>
              {report.totals.map((t, j) => (
                <TableCell key={report.columns[j]?.key} align="right" sx={{ fontWeight: 'bold' }}>
                  {t === null ? (j === 0 ? 'Total' : '') : formatMoney(t)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      ) : null}
    </>
  );
}
