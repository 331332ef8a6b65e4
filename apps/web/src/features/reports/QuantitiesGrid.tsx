import type { ReportType } from '@bp/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { MONTH_NAMES } from './labels.ts';
import { type CountScope, useQuantitiesByMonth, useQuantitiesByYear } from './reports-api.ts';

/** The newest years shown in the grid. */
const YEARS_SHOWN = 5;

function YearRow({ scope, year, type }: { scope: CountScope; year: number; type: ReportType | '' }) {
  const months = useQuantitiesByMonth(scope, year, type);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {year}
      </TableCell>
      {MONTH_NAMES.map((name, index) => (
        <TableCell key={name} align="right">
          {months.data ? (months.data.results[index]?.count ?? 0) || '' : '…'}
        </TableCell>
      ))}
      <TableCell align="right">{months.data ? months.data.year_only || '' : '…'}</TableCell>
    </TableRow>
  );
}

/** How many reports each month of the newest years has (and how many cover a whole year). */
export function QuantitiesGrid({ scope, type }: { scope: CountScope; type: ReportType | '' }) {
  const years = useQuantitiesByYear(scope, type);
  if (years.isPending) return <LoadingState label="Loading report counts…" />;
  if (years.isError)
    return <ErrorState message={apiErrorMessage(years.error)} onRetry={() => void years.refetch()} />;
  const shown = years.data.results
    .map((r) => r.year)
    .sort((a, b) => b - a)
    .slice(0, YEARS_SHOWN);
  if (shown.length === 0)
    return <EmptyState title="No reports yet.">Counts by month appear once reports exist.</EmptyState>;
  return (
    <TableContainer>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Reports by month
      </Typography>
      <Table size="small" aria-label="Reports by year and month">
        <TableHead>
          <TableRow>
            <TableCell>Year</TableCell>
            {MONTH_NAMES.map((name) => (
              <TableCell key={name} align="right">
                {name}
              </TableCell>
            ))}
            <TableCell align="right">Whole year</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((year) => (
            <YearRow key={year} scope={scope} year={year} type={type} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
