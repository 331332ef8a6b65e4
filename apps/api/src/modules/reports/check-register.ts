import { formatMoney } from '@bp/domain';
import { and, asc, between, eq, type SQL } from 'drizzle-orm';
import type { Row } from 'exceljs';
import type {} from 'pdfkit';
import type { DbOrTx } from '../../platform/db.ts';
import { loadExcel, loadPdfKit } from '../../platform/lazy-libraries.ts';
import { neutraliseFormula } from '../../platform/spreadsheet.ts';
import { billList } from '../bill-core/index.ts';
import { entityList, vendorList } from '../entities/index.ts';

/** One check paid from a client's bills, as the register and the printed checks list it. */
export interface PaidCheck {
  billGuid: string;
  entity: string;
  paidDate: string;
  checkNumber: string;
  payee: string;
  payeeAddress: string[];
  invoiceNumber: string;
  amountCents: number;
}

/** The bills of the client paid by check in [from, to] (one entity when given), by entity, date, id. */
export async function paidChecks(
  db: DbOrTx,
  where: { clientId: number; entityId: number | null; from: string; to: string },
): Promise<PaidCheck[]> {
  const conditions: SQL[] = [
    eq(billList.clientId, where.clientId),
    eq(billList.status, 'paid'),
    eq(billList.paymentMethod, 'check'),
    between(billList.paidDate, where.from, where.to),
  ];
  if (where.entityId !== null) conditions.push(eq(billList.entityId, where.entityId));
  const rows = await db
    .select({
      billGuid: billList.guid,
      entity: entityList.nickname,
      paidDate: billList.paidDate,
      reference: billList.paymentReference,
      payee: vendorList.name,
      addr1: vendorList.addr1,
      addr2: vendorList.addr2,
      city: vendorList.city,
      state: vendorList.state,
      postalCode: vendorList.postalCode,
      invoiceNumber: billList.invoiceNumber,
      amount: billList.amount,
    })
    .from(billList)
    .innerJoin(entityList, eq(entityList.id, billList.entityId))
    .innerJoin(vendorList, eq(vendorList.id, billList.vendorId))
    .where(and(...conditions))
    .orderBy(asc(entityList.nickname), asc(billList.paidDate), asc(billList.id));
  return rows.map((r) => ({
    billGuid: r.billGuid,
    entity: r.entity,
    paidDate: r.paidDate ?? '',
    checkNumber: r.reference ?? '',
    payee: r.payee,
    payeeAddress: [
      r.addr1 ?? '',
      r.addr2 ?? '',
      [r.city, [r.state, r.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    ].filter((line) => line.trim() !== ''),
    invoiceNumber: r.invoiceNumber ?? '',
    amountCents: r.amount,
  }));
}

/** Checks grouped by entity (in the order given), each group with its total in cents. */
export function byEntity(checks: readonly PaidCheck[]) {
  const groups: { entity: string; checks: PaidCheck[]; totalCents: number }[] = [];
  for (const check of checks) {
    let group = groups.at(-1);
    if (!group || group.entity !== check.entity) {
      group = { entity: check.entity, checks: [], totalCents: 0 };
      groups.push(group);
    }
    group.checks.push(check);
    group.totalCents += check.amountCents;
  }
  return groups;
}

export interface RegisterHeading {
  clientName: string;
  from: string;
  to: string;
}

const usDate = (iso: string) =>
  iso.length === 10 ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : iso;

/**
 * The register as XLSX: one row per check, a "Total <entity>" row after each entity and a "Total" row
 * at the end; amounts are numbers in dollars so a spreadsheet can sum them.
 */
export async function checkRegisterXlsx(
  heading: RegisterHeading,
  checks: readonly PaidCheck[],
): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet('Check register', { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.addRow([`Check register: ${neutraliseFormula(heading.clientName)}`]).font = { bold: true };
  sheet.addRow([`${usDate(heading.from)} to ${usDate(heading.to)}`]);
  const header = sheet.addRow(['Entity', 'Paid date', 'Check no.', 'Payee', 'Invoice no.', 'Amount']);
  header.font = { bold: true };
  sheet.columns.forEach((column, i) => {
    column.width = [28, 12, 12, 32, 16, 14][i] ?? 12;
  });
  const money = (row: Row) => {
    row.getCell(6).numFmt = '#,##0.00';
  };
  let totalCents = 0;
  for (const group of byEntity(checks)) {
    for (const c of group.checks) {
      money(
        sheet.addRow([
          neutraliseFormula(c.entity),
          usDate(c.paidDate),
          neutraliseFormula(c.checkNumber),
          neutraliseFormula(c.payee),
          neutraliseFormula(c.invoiceNumber),
          c.amountCents / 100,
        ]),
      );
    }
    const subtotal = sheet.addRow([
      `Total ${neutraliseFormula(group.entity)}`,
      '',
      '',
      '',
      '',
      group.totalCents / 100,
    ]);
    subtotal.font = { bold: true };
    money(subtotal);
    totalCents += group.totalCents;
  }
  const total = sheet.addRow(['Total', '', '', '', '', totalCents / 100]);
  total.font = { bold: true };
  money(total);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Collects a PDFKit document into one buffer. */
export async function pdfBuffer(
  build: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
) {
  const PDFDocument = await loadPdfKit();
  return new Promise<Buffer>((resolve, reject) => {
    // A fixed creation date: the same checks give the same file.
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 48,
      info: { CreationDate: new Date(0) },
      ...options,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

/** The register as PDF: a table per entity with its total, then the grand total. */
export function checkRegisterPdf(heading: RegisterHeading, checks: readonly PaidCheck[]): Promise<Buffer> {
  return pdfBuffer((doc) => {
    const columns = [
      { title: 'Paid date', x: 48, width: 70 },
      { title: 'Check no.', x: 120, width: 70 },
      { title: 'Payee', x: 192, width: 190 },
      { title: 'Invoice no.', x: 384, width: 90 },
      { title: 'Amount', x: 476, width: 88, align: 'right' as const },
    ];
    const line = (cells: string[], bold = false) => {
      if (doc.y > 720) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((text, i) => {
        const col = columns[i];
        if (col) doc.text(text, col.x, y, { width: col.width, align: col.align ?? 'left', lineBreak: false });
      });
      doc.y = y + 14;
    };
    doc.font('Helvetica-Bold').fontSize(16).text(`Check register: ${heading.clientName}`, 48, 48);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${usDate(heading.from)} to ${usDate(heading.to)}`);
    doc.moveDown();
    let totalCents = 0;
    const groups = byEntity(checks);
    if (groups.length === 0) doc.text('No bills were paid by check in this period.');
    for (const group of groups) {
      doc.font('Helvetica-Bold').fontSize(12).text(group.entity, 48, doc.y);
      doc.moveDown(0.3);
      line(
        columns.map((c) => c.title),
        true,
      );
      for (const c of group.checks) {
        line([usDate(c.paidDate), c.checkNumber, c.payee, c.invoiceNumber, formatMoney(c.amountCents)]);
      }
      line(['', '', `Total ${group.entity}`, '', formatMoney(group.totalCents)], true);
      doc.moveDown();
      totalCents += group.totalCents;
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`Total: ${formatMoney(totalCents)}`, 48, doc.y);
  });
}
