import type { CashOutflow } from '@bp/contracts';
import { COMMITMENT_CATEGORY_LABELS, formatMoney } from '@bp/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { loadExcel } from '../../platform/lazy-libraries.ts';
import { neutraliseFormula } from '../../platform/spreadsheet.ts';
import { billList } from '../bill-core/index.ts';
import { cashOutflowOf } from '../commitments/index.ts';
import { pdfBuffer } from './check-register.ts';

/** The cash-flow report's figures: the forecast's twelve months and every bill paid in each of them. */
export interface CashFlow {
  clientName: string;
  forecast: CashOutflow;
  /** Cents of all the client's bills paid each month (with or without a commitment), by month. */
  allPaid: Map<string, number>;
}

/** Twelve months from the month of `from` (the commitments forecast's window), for one client. */
export async function cashFlowOf(
  db: DbOrTx,
  client: { id: number; guid: string; name: string; organizationId: number },
  entityGuid: string | undefined,
  from: string,
): Promise<CashFlow> {
  // Staff reading: the forecast's client-user limits do not apply.
  const scope = {
    ...client,
    archived: false,
    via: 'staff' as const,
    organization: null,
    clientUserId: null,
    clientRole: null,
  };
  const forecast = await cashOutflowOf(db, scope, entityGuid, from);
  const first = `${forecast.months[0]?.month ?? from.slice(0, 7)}-01`;
  const lastMonth = forecast.months.at(-1)?.month ?? from.slice(0, 7);
  const end = new Date(`${lastMonth}-01T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1);
  end.setUTCDate(0);
  const rows = await db
    .select({
      month: sql<string>`to_char(${billList.paidDate}, 'YYYY-MM')`,
      amount: sql<string>`sum(${billList.amount})`,
    })
    .from(billList)
    .where(
      and(
        eq(billList.clientId, client.id),
        eq(billList.status, 'paid'),
        gte(billList.paidDate, first),
        lte(billList.paidDate, end.toISOString().slice(0, 10)),
      ),
    )
    .groupBy(sql`1`);
  return {
    clientName: client.name,
    forecast,
    allPaid: new Map(rows.map((r) => [r.month, Number(r.amount)])),
  };
}

/** The table both formats show: a row per category, then the totals; amounts in cents per month. */
export function cashFlowTable(flow: CashFlow) {
  const months = flow.forecast.months;
  const categories = new Map<string, number[]>();
  months.forEach((m, i) => {
    for (const c of m.by_category) {
      const row = categories.get(c.category) ?? months.map(() => 0);
      row[i] = c.committed;
      categories.set(c.category, row);
    }
  });
  const label = (category: string) =>
    COMMITMENT_CATEGORY_LABELS[category as keyof typeof COMMITMENT_CATEGORY_LABELS] ?? category;
  const rows: { label: string; cents: number[]; bold?: boolean }[] = [
    ...[...categories].map(([category, cents]) => ({ label: `Committed: ${label(category)}`, cents })),
    { label: 'Committed total', cents: months.map((m) => m.committed), bold: true },
    { label: 'Commitment bills paid', cents: months.map((m) => m.paid) },
    { label: 'Commitment bills pending', cents: months.map((m) => m.pending) },
    { label: 'All bills paid', cents: months.map((m) => flow.allPaid.get(m.month) ?? 0), bold: true },
  ];
  return { months: months.map((m) => m.month), rows };
}

const sumOf = (cents: number[]) => cents.reduce((s, n) => s + n, 0);

export async function cashFlowXlsx(flow: CashFlow): Promise<Buffer> {
  const { months, rows } = cashFlowTable(flow);
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet('Cash flow', { views: [{ state: 'frozen', xSplit: 1, ySplit: 2 }] });
  sheet.addRow([`Cash flow: ${neutraliseFormula(flow.clientName)}`]).font = { bold: true };
  sheet.addRow(['', ...months, 'Total']).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow([row.label, ...row.cents.map((c) => c / 100), sumOf(row.cents) / 100]);
    if (row.bold) added.font = { bold: true };
    for (let i = 2; i <= months.length + 2; i++) added.getCell(i).numFmt = '#,##0.00';
  }
  sheet.getColumn(1).width = 34;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Landscape: the twelve months side by side, in dollars without cents to fit. */
export function cashFlowPdf(flow: CashFlow): Promise<Buffer> {
  const { months, rows } = cashFlowTable(flow);
  return pdfBuffer(
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(14).text(`Cash flow: ${flow.clientName}`, 36, 36);
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(`${months[0]} to ${months.at(-1)}, from the commitments forecast`);
      const x0 = 36;
      const labelWidth = 150;
      const colWidth = 44;
      let y = doc.y + 12;
      const cells = (label: string, values: string[], bold = false) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
        doc.text(label, x0, y, { width: labelWidth, lineBreak: false });
        values.forEach((v, i) => {
          doc.text(v, x0 + labelWidth + i * colWidth, y, {
            width: colWidth - 2,
            align: 'right',
            lineBreak: false,
          });
        });
        y += 13;
      };
      cells('', [...months, 'Total'], true);
      const whole = (cents: number) => formatMoney(Math.round(cents / 100) * 100).replace(/\.00$/, '');
      for (const row of rows) cells(row.label, [...row.cents.map(whole), whole(sumOf(row.cents))], row.bold);
      doc.font('Helvetica').fontSize(9);
      doc.text(
        `Committed total: ${formatMoney(sumOf(rows.find((r) => r.label === 'Committed total')?.cents ?? []))}`,
        x0,
        y + 10,
      );
      doc.text(
        `All bills paid: ${formatMoney(sumOf(rows.find((r) => r.label === 'All bills paid')?.cents ?? []))}`,
      );
    },
    { layout: 'landscape', margin: 36 },
  );
}
