import type { BalanceSheet, TrialBalance } from '@bp/contracts';
import { type SheetColumn, toXlsx } from '../../platform/spreadsheet.ts';

interface Line {
  label: string;
  number: string;
  debit?: number;
  credit?: number;
  amount?: number;
}

const money = (cents: number | undefined) => (cents === undefined ? '' : { cents });

const trialColumns: SheetColumn<Line>[] = [
  { header: 'Number', width: 12, value: (l) => l.number },
  { header: 'Account', width: 40, value: (l) => l.label },
  { header: 'Debit', width: 16, value: (l) => money(l.debit) },
  { header: 'Credit', width: 16, value: (l) => money(l.credit) },
];

/** The trial balance as XLSX: one row per account, then a Total row of both columns. */
export function trialBalanceXlsx(report: TrialBalance): Promise<Buffer> {
  const lines: Line[] = report.rows.map((r) => ({
    number: r.account.number ?? '',
    label: r.account.name,
    // An account's row shows its balance on one side; the other stays blank, as on screen.
    debit: r.debit || undefined,
    credit: r.credit || undefined,
  }));
  lines.push({ number: '', label: 'Total', debit: report.total_debit, credit: report.total_credit });
  return toXlsx('Trial balance', trialColumns, lines);
}

const sheetColumns: SheetColumn<Line>[] = [
  { header: 'Number', width: 12, value: (l) => l.number },
  { header: 'Account', width: 40, value: (l) => l.label },
  { header: 'Amount', width: 18, value: (l) => money(l.amount) },
];

/** The balance sheet as XLSX: sections with their totals, earnings, and both sides' totals. */
export function balanceSheetXlsx(report: BalanceSheet): Promise<Buffer> {
  const lines: Line[] = [];
  const section = (title: string, s: BalanceSheet['assets']) => {
    lines.push({ number: '', label: title });
    for (const r of s.rows)
      lines.push({ number: r.account.number ?? '', label: r.account.name, amount: r.balance });
  };
  section('Assets', report.assets);
  lines.push({ number: '', label: 'Total Assets', amount: report.assets.total });
  section('Liabilities', report.liabilities);
  lines.push({ number: '', label: 'Total Liabilities', amount: report.liabilities.total });
  section('Equity', report.equity);
  lines.push({ number: '', label: 'Retained Earnings', amount: report.retained_earnings });
  lines.push({ number: '', label: 'Current Earnings', amount: report.current_earnings });
  lines.push({
    number: '',
    label: 'Total Equity',
    amount: report.equity.total + report.retained_earnings + report.current_earnings,
  });
  lines.push({
    number: '',
    label: 'Total Liabilities and Equity',
    amount: report.total_liabilities_and_equity,
  });
  return toXlsx('Balance sheet', sheetColumns, lines);
}
