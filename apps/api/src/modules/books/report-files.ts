import type {
  BalanceSheet,
  GeneralLedger,
  IncomeExpense,
  PeriodComparison,
  ProfitAndLoss,
  PropertyExpenses,
  TrialBalance,
} from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import type {} from 'pdfkit';
import { loadExcel, loadPdfKit } from '../../platform/lazy-libraries.ts';
import { neutraliseFormula } from '../../platform/spreadsheet.ts';

/**
 * Every books report as one table (title, period, columns, rows with text and cents cells, bold
 * totals), so XLSX and PDF are written by one function each and always say the same (decision 034).
 */
export interface ReportTable {
  title: string;
  subtitle: string;
  columns: { header: string; money: boolean; width: number }[];
  rows: { cells: (string | number | null)[]; bold?: boolean }[];
}

const account = (a: { number: string | null; name: string }) => (a.number ? `${a.number} ${a.name}` : a.name);
const range = (from: string | null, to: string) => (from ? `${from} to ${to}` : `Up to ${to}`);

export function trialBalanceTable(r: TrialBalance, heading: string): ReportTable {
  return {
    title: `Trial balance: ${heading}`,
    subtitle: range(r.from, r.to),
    columns: [
      { header: 'Account', money: false, width: 44 },
      { header: 'Debit', money: true, width: 16 },
      { header: 'Credit', money: true, width: 16 },
    ],
    rows: [
      ...r.rows.map((x) => ({ cells: [account(x.account), x.debit || null, x.credit || null] })),
      { cells: ['Total', r.total_debit, r.total_credit], bold: true },
    ],
  };
}

type Section = {
  rows: { account: { number: string | null; name: string }; balance: number }[];
  total: number;
};
const sectionRows = (title: string, s: Section, totalLabel: string) => [
  { cells: [title, null], bold: true },
  ...s.rows.map((x) => ({ cells: [`   ${account(x.account)}`, x.balance] })),
  { cells: [totalLabel, s.total], bold: true },
];

export function balanceSheetTable(r: BalanceSheet, heading: string): ReportTable {
  return {
    title: `Balance sheet: ${heading}`,
    subtitle: `As of ${r.to}`,
    columns: [
      { header: 'Account', money: false, width: 44 },
      { header: 'Amount', money: true, width: 18 },
    ],
    rows: [
      ...sectionRows('Assets', r.assets, 'Total Assets'),
      ...sectionRows('Liabilities', r.liabilities, 'Total Liabilities'),
      { cells: ['Equity', null], bold: true },
      ...r.equity.rows.map((x) => ({ cells: [`   ${account(x.account)}`, x.balance] })),
      { cells: ['   Retained Earnings', r.retained_earnings] },
      { cells: ['   Current Earnings', r.current_earnings] },
      { cells: ['Total Equity', r.equity.total + r.retained_earnings + r.current_earnings], bold: true },
      { cells: ['Total Liabilities and Equity', r.total_liabilities_and_equity], bold: true },
    ],
  };
}

export function profitAndLossTable(r: ProfitAndLoss, heading: string): ReportTable {
  return {
    title: `Profit and loss: ${heading}`,
    subtitle: range(r.from, r.to),
    columns: [
      { header: 'Account', money: false, width: 44 },
      { header: 'Amount', money: true, width: 18 },
    ],
    rows: [
      ...sectionRows('Income', r.income, 'Total Income'),
      ...sectionRows('Expenses', r.expenses, 'Total Expenses'),
      { cells: ['Net Income', r.net_income], bold: true },
    ],
  };
}

export function comparisonTable(r: PeriodComparison, heading: string): ReportTable {
  const label = (p: { from: string | null; to: string }) => (p.from ? `${p.from} – ${p.to}` : p.to);
  return {
    title: `${r.report === 'balance' ? 'Balance sheet' : 'Profit and loss'} compared: ${heading}`,
    subtitle: `${label(r.period)} against ${label(r.compare_period)}`,
    columns: [
      { header: 'Account', money: false, width: 40 },
      { header: label(r.period), money: true, width: 18 },
      { header: label(r.compare_period), money: true, width: 18 },
      { header: 'Difference', money: true, width: 16 },
    ],
    rows: [
      ...r.sections.flatMap((s) => [
        { cells: [s.title, null, null, null], bold: true },
        ...s.rows.map((x) => ({ cells: [`   ${account(x.account)}`, x.amount, x.compare, x.difference] })),
        { cells: [`Total ${s.title}`, s.total, s.compare, s.difference], bold: true },
      ]),
      {
        cells: [r.bottom_line.label, r.bottom_line.amount, r.bottom_line.compare, r.bottom_line.difference],
        bold: true,
      },
    ],
  };
}

export function incomeExpenseTable(r: IncomeExpense, heading: string): ReportTable {
  const blank = r.months.map(() => null);
  const section = (title: string, s: IncomeExpense['income']) => [
    { cells: [title, ...blank, null], bold: true },
    ...s.rows.map((x) => ({ cells: [`   ${account(x.account)}`, ...x.amounts, x.total] })),
    { cells: [`Total ${title}`, ...s.totals, s.total], bold: true },
  ];
  return {
    title: `Income and expenses: ${heading}`,
    subtitle: range(r.from, r.to),
    columns: [
      { header: 'Account', money: false, width: 36 },
      ...r.months.map((m) => ({ header: m, money: true, width: 14 })),
      { header: 'Total', money: true, width: 16 },
    ],
    rows: [
      ...section('Income', r.income),
      ...section('Expenses', r.expenses),
      { cells: ['Net', ...r.net, r.net_total], bold: true },
    ],
  };
}

export function generalLedgerTable(r: GeneralLedger, heading: string): ReportTable {
  return {
    title: `General ledger: ${heading}`,
    subtitle: range(r.from, r.to),
    columns: [
      { header: 'Date', money: false, width: 12 },
      { header: 'Memo', money: false, width: 40 },
      { header: 'Debit', money: true, width: 14 },
      { header: 'Credit', money: true, width: 14 },
      { header: 'Balance', money: true, width: 16 },
    ],
    rows: r.accounts.flatMap((a) => [
      { cells: [account(a.account), 'Opening balance', null, null, a.opening], bold: true },
      ...a.lines.map((l) => ({
        cells: [l.date, l.memo ?? '', l.debit || null, l.credit || null, l.running],
      })),
      { cells: ['', 'Closing balance', null, null, a.closing], bold: true },
    ]),
  };
}

export function propertyExpensesTable(r: PropertyExpenses, heading: string): ReportTable {
  return {
    title: `Property expenses: ${heading}`,
    subtitle: range(r.from, r.to),
    columns: [
      { header: 'Property / account', money: false, width: 44 },
      { header: 'Amount', money: true, width: 18 },
    ],
    rows: [
      ...r.properties.flatMap((p) => [
        { cells: [p.property.name, null], bold: true },
        ...p.rows.map((x) => ({ cells: [`   ${account(x.account)}`, x.amount] })),
        { cells: [`Total ${p.property.name}`, p.total], bold: true },
      ]),
      { cells: ['Total', r.total], bold: true },
    ],
  };
}

/** The table as XLSX: title and period above the header row; money cells as numbers in dollars. */
export async function tableXlsx(table: ReportTable): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(table.title.split(':')[0]?.slice(0, 31) ?? 'Report');
  sheet.columns = table.columns.map((c) => ({ width: c.width }));
  sheet.addRow([neutraliseFormula(table.title)]).font = { bold: true, size: 14 };
  sheet.addRow([neutraliseFormula(table.subtitle)]);
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(
      row.cells.map((cell, i) =>
        cell === null
          ? null
          : table.columns[i]?.money && typeof cell === 'number'
            ? cell / 100
            : typeof cell === 'string'
              ? neutraliseFormula(cell)
              : cell,
      ),
    );
    if (row.bold) added.font = { bold: true };
    table.columns.forEach((c, i) => {
      if (c.money) added.getCell(i + 1).numFmt = '#,##0.00;(#,##0.00)';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The table as a PDF (pdfkit, as the reports module's check register): landscape when it is wide. */
export async function tablePdf(table: ReportTable): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const wide = table.columns.reduce((s, c) => s + c.width, 0) > 110;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      layout: wide ? 'landscape' : 'portrait',
      margin: 40,
      info: { CreationDate: new Date(0), Title: table.title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const usable = doc.page.width - 80;
    const units = table.columns.reduce((s, c) => s + c.width, 0);
    let x = 40;
    const cols = table.columns.map((c) => {
      const col = { ...c, x, w: (c.width / units) * usable };
      x += col.w;
      return col;
    });
    const bottom = doc.page.height - 60;
    const line = (cells: (string | number | null)[], bold: boolean) => {
      if (doc.y > bottom) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
      cells.forEach((cell, i) => {
        const col = cols[i];
        if (!col || cell === null) return;
        const text = col.money && typeof cell === 'number' ? formatMoney(cell) : String(cell);
        doc.text(text, col.x, y, { width: col.w - 4, align: col.money ? 'right' : 'left', lineBreak: false });
      });
      doc.y = y + 13;
    };
    doc.font('Helvetica-Bold').fontSize(14).text(table.title, 40, 40);
    doc.font('Helvetica').fontSize(9).text(table.subtitle);
    doc.moveDown();
    line(
      table.columns.map((c) => c.header),
      true,
    );
    if (table.rows.length === 0) doc.font('Helvetica').fontSize(9).text('Nothing to report for this period.');
    for (const row of table.rows) line(row.cells, row.bold ?? false);
    doc.end();
  });
}
