import { centsToDollarsPlain, formatMoney } from '@bp/domain';
import { stringify } from 'csv-stringify/sync';
import { type PaidCheck, pdfBuffer } from './check-register.ts';

export interface DrawnOn {
  routingNumber: string;
  accountNumber: string;
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function validAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = [0, 3, 6].reduce((s, i) => s + 3 * (d[i] ?? 0) + 7 * (d[i + 1] ?? 0) + (d[i + 2] ?? 0), 0);
  return sum % 10 === 0;
}

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function underThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest > 0) words.push(ONES[rest] ?? '');
  return words.join(' ');
}

/** The legal amount line of a check: 123456 → "One thousand two hundred thirty-four and 56/100 dollars". */
export function amountInWords(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const parts: string[] = [];
  const scales: [number, string][] = [
    [1_000_000_000, 'billion'],
    [1_000_000, 'million'],
    [1_000, 'thousand'],
  ];
  let rest = dollars;
  for (const [size, name] of scales) {
    if (rest >= size) {
      parts.push(`${underThousand(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0 || parts.length === 0) parts.push(rest > 0 ? underThousand(rest) : 'zero');
  const text = `${parts.join(' ')} and ${String(cents % 100).padStart(2, '0')}/100 dollars`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The MICR line as text, in the E-13B font mapping of the usual MICR fonts (A transit, C on-us): check
 * number in on-us symbols, routing between transit symbols, then the account ending in on-us.
 */
export function micrLine(checkNumber: string, bank: DrawnOn): string {
  return `C${checkNumber.padStart(6, '0')}C A${bank.routingNumber}A ${bank.accountNumber}C`;
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const CHECK_HEIGHT = 264; // a third of a US letter page (792 pt)

/** Checks three to a page (standard three-per-page check stock), each with its MICR line as text. */
export function checkPrintPdf(drawer: string, bank: DrawnOn, checks: readonly PaidCheck[]): Promise<Buffer> {
  return pdfBuffer(
    (doc) => {
      checks.forEach((check, index) => {
        if (index > 0 && index % 3 === 0) doc.addPage();
        const top = (index % 3) * CHECK_HEIGHT;
        const left = 36;
        const right = 576;
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(check.entity || drawer, left, top + 24, { lineBreak: false });
        doc
          .font('Helvetica')
          .fontSize(8)
          .text(drawer, left, top + 38, { lineBreak: false });
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(`No. ${check.checkNumber}`, 440, top + 24, { width: right - 440, align: 'right' });
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(`Date ${usDate(check.paidDate)}`, 440, top + 42, { width: right - 440, align: 'right' });
        doc.fontSize(9).text('PAY TO THE ORDER OF', left, top + 78, { lineBreak: false });
        doc
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(check.payee, left + 120, top + 76, { width: 280, lineBreak: false });
        doc.rect(460, top + 70, right - 460, 22).stroke();
        doc.text(formatMoney(check.amountCents).replace('$', '$ '), 464, top + 76, {
          width: right - 470,
          align: 'right',
        });
        doc
          .font('Helvetica')
          .fontSize(9)
          .text(amountInWords(check.amountCents), left, top + 104, { width: 440, lineBreak: false });
        doc
          .moveTo(left, top + 116)
          .lineTo(right, top + 116)
          .stroke();
        check.payeeAddress.forEach((line, i) => {
          doc.fontSize(9).text(line, left + 20, top + 128 + i * 11, { lineBreak: false });
        });
        doc.fontSize(8).text(`Memo ${check.invoiceNumber}`, left, top + 186, { lineBreak: false });
        doc
          .moveTo(360, top + 196)
          .lineTo(right, top + 196)
          .stroke();
        doc.fontSize(7).text('AUTHORIZED SIGNATURE', 360, top + 200, { width: right - 360, align: 'center' });
        // The MICR line sits 3/16" above the bottom of the check; a MICR font prints these letters as symbols.
        doc
          .font('Courier-Bold')
          .fontSize(12)
          .text(micrLine(check.checkNumber, bank), left + 60, top + CHECK_HEIGHT - 30, { lineBreak: false });
      });
    },
    { margin: 0 },
  );
}

/**
 * Positive pay: the issued checks the bank may honour, one line each (account, check number, issue date,
 * amount, payee), in the common CSV layout banks accept.
 */
export function positivePayCsv(bank: DrawnOn, checks: readonly PaidCheck[]): string {
  return stringify(
    checks.map((c) => [
      bank.accountNumber,
      c.checkNumber,
      usDate(c.paidDate),
      centsToDollarsPlain(c.amountCents),
      c.payee,
      'I',
    ]),
    {
      header: true,
      columns: ['Account Number', 'Check Number', 'Issue Date', 'Amount', 'Payee', 'Issue Code'],
      record_delimiter: 'windows',
    },
  );
}
