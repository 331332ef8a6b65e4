import type { BillLine } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { EmptyState } from '../../../ui/index.ts';
import { Section } from './Section.tsx';

/** The bill's lines (account, division, memo, amount) and their total. */
export function BillLines({ lines }: { lines: BillLine[] }) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return (
    <Section title="Lines">
      {lines.length === 0 ? (
        <EmptyState title="No lines on this bill." />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Bill lines">
            <TableHead>
              <TableRow>
                <TableCell>Account</TableCell>
                <TableCell>Division</TableCell>
                <TableCell>Memo</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.guid}>
                  <TableCell>{line.account.display_2_levels}</TableCell>
                  <TableCell>{line.division?.name ?? '—'}</TableCell>
                  <TableCell>{line.memo || '—'}</TableCell>
                  <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(total)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
