import type { BillLine } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import { type DataColumn, DataTable, EmptyState } from '../../../ui/index.ts';
import { Section } from './Section.tsx';

const LINE_COLUMNS: DataColumn<BillLine>[] = [
  { key: 'account', header: 'Account', render: (line) => line.account.display_2_levels },
  { key: 'division', header: 'Division', render: (line) => line.division?.name ?? '—' },
  { key: 'memo', header: 'Memo', render: (line) => line.memo || '—' },
  { key: 'amount', header: 'Amount', align: 'right', render: (line) => formatMoney(line.amount) },
];

/** The bill's lines (account, division, memo, amount) and their total. */
export function BillLines({ lines }: { lines: BillLine[] }) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return (
    <Section title="Lines">
      {lines.length === 0 ? (
        <EmptyState title="No lines on this bill." />
      ) : (
        <DataTable
          label="Bill lines"
          columns={LINE_COLUMNS}
          rows={lines}
          rowKey={(line) => line.guid}
          footerRow={(column) =>
            column.key === 'account' ? 'Total' : column.key === 'amount' ? formatMoney(total) : null
          }
          outlined={false}
        />
      )}
    </Section>
  );
}
