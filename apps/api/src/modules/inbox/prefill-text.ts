/**
 * Proposals for the bill form read from an invoice's text (issue 13, decision 023): the amount due, the
 * due date, the invoice number and the invoice date. Pure: text in, values with the line each was read
 * from out, so the form can show where a proposal came from. Labels are the ones US invoices and
 * statements print; nothing is guessed without a label next to it.
 */

export interface Proposed<T> {
  value: T;
  /** The line of text the value was read from. */
  source: string;
}

export interface TextProposals {
  amount: Proposed<number> | null;
  dueDate: Proposed<string> | null;
  invoiceNumber: Proposed<string> | null;
  invoiceDate: Proposed<string> | null;
}

/** Labels of the amount to pay, strongest first: a statement's "Total" only when nothing says "due". */
const AMOUNT_LABELS = [
  /\b(?:total\s+)?(?:amount|balance|total)\s+(?:now\s+)?due\b|\bplease\s+pay\b|\bpay\s+this\s+amount\b|\bamount\s+payable\b/i,
  /\b(?:invoice\s+)?total\b/i,
];
const DUE_DATE_LABEL = /\b(?:payment\s+)?due\s*(?:date|on|by)?\b\s*:?|\bpay\s+by\b/i;
const INVOICE_DATE_LABEL = /\b(?:invoice|statement|bill(?:ing)?)\s+date\b|\bdate\s+of\s+invoice\b|\bdated\b/i;
/** "Invoice", "Invoice No.", "Invoice #", "Invoice Number:" then a token with a digit in it. */
const INVOICE_NUMBER =
  /\binvoice\s*(?:number|num\.?|no\.?|#)?\s*[:#]?\s*([A-Z0-9](?:[A-Z0-9/.-]*[A-Z0-9])?)/i;
/** $1,234.56 or 1234.56 (a plain whole number is too often an account number to be read as money). */
const MONEY = /(\$\s*)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?)(?![\d/-])/g;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE_PATTERNS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  // 05/15/2026, 5/15/26 (US order, as SPEC.md's MM/dd/yyyy)
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/,
    parts: (m) => [twoDigitYear(Number(m[3])), Number(m[1]), Number(m[2])],
  },
  // 2026-05-15
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  // May 15, 2026
  {
    re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'i'),
    parts: (m) => [Number(m[3]), monthOf(m[1] as string), Number(m[2])],
  },
  // 15 May 2026
  {
    re: new RegExp(`\\b(\\d{1,2})\\s+${MONTH}\\s+(\\d{4})\\b`, 'i'),
    parts: (m) => [Number(m[3]), monthOf(m[2] as string), Number(m[1])],
  },
];

const twoDigitYear = (year: number) => (year < 100 ? 2000 + year : year);
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD when the parts are a real calendar day between 2000 and 2099, else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first date written in `text`, as YYYY-MM-DD. */
function firstDate(text: string): string | null {
  let best: { index: number; value: string } | null = null;
  for (const { re, parts } of DATE_PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const value = isoDate(...parts(m));
    if (value && (best === null || m.index < best.index)) best = { index: m.index, value };
  }
  return best?.value ?? null;
}

/** The first amount of money in `text`, in cents: one with a $ or with cents. */
function firstMoney(text: string): number | null {
  for (const m of text.matchAll(MONEY)) {
    const [, dollarSign, number, centsPart] = m;
    if (!dollarSign && centsPart === undefined) continue;
    const [whole, fraction = '00'] = (number as string).replaceAll(',', '').split('.');
    const cents = Number(whole) * 100 + Number(fraction);
    if (Number.isSafeInteger(cents) && cents > 0) return cents;
  }
  return null;
}

/** The text after the label on its line, or, when that has no value, the next line. */
function afterLabel<T>(lines: string[], label: RegExp, read: (text: string) => T | null): Proposed<T> | null {
  for (const [i, line] of lines.entries()) {
    const m = label.exec(line);
    if (!m) continue;
    const rest = line.slice(m.index + m[0].length);
    const onLine = read(rest);
    if (onLine !== null) return { value: onLine, source: line };
    const next = lines[i + 1];
    if (next !== undefined && rest.trim() === '') {
      const below = read(next);
      if (below !== null) return { value: below, source: `${line} ${next}` };
    }
  }
  return null;
}

const addDays = (date: Date, days: number) => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

/**
 * Proposals read from an invoice's text. `received` dates a relative due date ("Due in 20 days") from
 * the day the e-mail arrived.
 */
export function proposeFromText(text: string, received: Date): TextProposals {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');
  let amount: Proposed<number> | null = null;
  for (const label of AMOUNT_LABELS) {
    amount = afterLabel(lines, label, firstMoney);
    if (amount) break;
  }
  const invoiceDate = afterLabel(lines, INVOICE_DATE_LABEL, firstDate);
  // "Due date", "Payment due", "Pay by" followed by a date (never the invoice date's own line).
  let dueDate = afterLabel(
    lines.filter((l) => l !== invoiceDate?.source),
    DUE_DATE_LABEL,
    firstDate,
  );
  if (!dueDate) {
    const relative = lines
      .map((line) => ({ line, m: /\bdue\s+(?:with)?in\s+(\d{1,3})\s+days?\b/i.exec(line) }))
      .find((x) => x.m);
    if (relative?.m) dueDate = { value: addDays(received, Number(relative.m[1])), source: relative.line };
  }
  let invoiceNumber: Proposed<string> | null = null;
  for (const line of lines) {
    const m = INVOICE_NUMBER.exec(line);
    const token = m?.[1];
    // A number has a digit; "Invoice date 05/01/2026" names a date, not a number.
    if (!token || !/\d/.test(token) || /^invoice\s+date\b/i.test(m[0])) continue;
    if (firstDate(token) !== null) continue;
    invoiceNumber = { value: token.slice(0, 100), source: line };
    break;
  }
  return { amount, dueDate, invoiceNumber, invoiceDate };
}
