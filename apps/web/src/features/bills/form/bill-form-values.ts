/**
 * The bill form's values (what the user types) and the payloads they become (contracts/bills.ts).
 * Amounts are typed in dollars and become integer cents through the domain's exact parser: never
 * floats, so '1,234.56' is 123456 and lines add up exactly.
 */
import type { Bill, BillLineInput, CreateBillRequest, PatchBillRequest } from '@bp/contracts';
import {
  centsToDollars,
  centsToDollarsPlain,
  INVOICE_SOURCE_VALUES,
  type InvoiceSource,
  PAYMENT_METHOD_VALUES,
  type PaymentMethod,
  parseDollarsToCents,
} from '@bp/domain';

export interface BillLineValues {
  account: string;
  division: string;
  memo: string;
  /** Dollars as typed. */
  amount: string;
}

export interface BillFormValues {
  entity: string;
  vendor: string;
  /** Dollars as typed, e.g. '1,234.56'. */
  amount: string;
  /** yyyy-MM-dd (a native date input). */
  due_date: string;
  invoice_number: string;
  invoice_date: string;
  payment_method: PaymentMethod | '';
  invoice_source: InvoiceSource | '';
  under_power_of_attorney: boolean;
  lines: BillLineValues[];
}

export const REQUIRED = 'This field is required.';
export const AMOUNT_PROBLEM = 'Enter an amount in dollars, e.g. 1,234.56.';
export const POSITIVE_PROBLEM = 'Enter an amount greater than $0.00.';
export const LINES_MISMATCH = 'The lines must add up to the bill amount.';
export const MAX_TEXT = 100;
export const MAX_MEMO = 500;
/** Largest amount the API takes (contracts MAX_CENTS). */
const MAX_CENTS = 10 ** 13;

export const emptyLine = (): BillLineValues => ({ account: '', division: '', memo: '', amount: '' });

export function blankBillForm(): BillFormValues {
  return {
    entity: '',
    vendor: '',
    amount: '',
    due_date: '',
    invoice_number: '',
    invoice_date: '',
    payment_method: '',
    invoice_source: '',
    under_power_of_attorney: false,
    lines: [emptyLine()],
  };
}

/** The form prefilled from a saved bill (edit mode). */
export function billToForm(bill: Bill): BillFormValues {
  return {
    entity: bill.entity.guid,
    vendor: bill.vendor.guid,
    amount: centsToDollarsPlain(bill.amount),
    due_date: bill.due_date.slice(0, 10),
    invoice_number: bill.invoice_number ?? '',
    invoice_date: bill.invoice_date?.slice(0, 10) ?? '',
    payment_method: bill.payment_method,
    invoice_source: bill.invoice_source,
    under_power_of_attorney: bill.under_power_of_attorney,
    lines:
      bill.lines.length > 0
        ? bill.lines.map((line) => ({
            account: line.account.guid,
            division: line.division?.guid ?? '',
            memo: line.memo,
            amount: centsToDollarsPlain(line.amount),
          }))
        : [emptyLine()],
  };
}

/** Cents of a typed dollar amount; null when blank or not an amount. */
export function centsOf(text: string): number | null {
  return text.trim() === '' ? null : parseDollarsToCents(text);
}

/** A typed amount tidied on leaving the field ('1234.5' → '1,234.50'); anything else stays as typed. */
export function formatDollarsInput(text: string): string {
  const cents = centsOf(text);
  return cents === null || cents < 0 ? text : centsToDollars(cents);
}

export interface LinesBalance {
  /** Cents of the bill amount, or null while it is blank or invalid. */
  amount: number | null;
  /** Sum of the lines that hold a valid amount. */
  total: number;
  /** amount − total, or null while the amount is unknown. */
  remaining: number | null;
  /** True when every line has a valid amount and they add up to the bill amount. */
  balanced: boolean;
}

export function linesBalance(amount: string, lines: readonly BillLineValues[]): LinesBalance {
  const amountCents = centsOf(amount);
  let total = 0;
  let allValid = true;
  for (const line of lines) {
    const cents = centsOf(line.amount);
    if (cents === null) allValid = false;
    else total += cents;
  }
  const remaining = amountCents === null ? null : amountCents - total;
  return { amount: amountCents, total, remaining, balanced: allValid && remaining === 0 };
}

export type FieldProblems = Record<string, string>;

function amountProblem(text: string, positive: boolean): string | null {
  if (text.trim() === '') return REQUIRED;
  const cents = parseDollarsToCents(text);
  if (cents === null || cents < 0 || cents > MAX_CENTS) return AMOUNT_PROBLEM;
  if (positive && cents === 0) return POSITIVE_PROBLEM;
  return null;
}

/** Everything wrong with the values, by form field path ('lines.0.amount', 'lines' for the sum). */
export function validateBillForm(values: BillFormValues): FieldProblems {
  const problems: FieldProblems = {};
  const need = (field: keyof BillFormValues, value: string) => {
    if (value.trim() === '') problems[field] = REQUIRED;
  };
  need('entity', values.entity);
  need('vendor', values.vendor);
  need('due_date', values.due_date);
  need('payment_method', values.payment_method);
  need('invoice_source', values.invoice_source);
  if (values.payment_method !== '' && !PAYMENT_METHOD_VALUES.includes(values.payment_method)) {
    problems.payment_method = REQUIRED;
  }
  if (values.invoice_source !== '' && !INVOICE_SOURCE_VALUES.includes(values.invoice_source)) {
    problems.invoice_source = REQUIRED;
  }
  const amount = amountProblem(values.amount, true);
  if (amount) problems.amount = amount;
  if (values.invoice_number.trim().length > MAX_TEXT) {
    problems.invoice_number = `Ensure this field has no more than ${MAX_TEXT} characters.`;
  }
  if (values.lines.length === 0) problems.lines = 'Add at least one line.';
  values.lines.forEach((line, index) => {
    if (line.account === '') problems[`lines.${index}.account`] = REQUIRED;
    const lineAmount = amountProblem(line.amount, false);
    if (lineAmount) problems[`lines.${index}.amount`] = lineAmount;
    if (line.memo.trim().length > MAX_MEMO) {
      problems[`lines.${index}.memo`] = `Ensure this field has no more than ${MAX_MEMO} characters.`;
    }
  });
  if (!problems.amount && !problems.lines) {
    const balance = linesBalance(values.amount, values.lines);
    const linesValid = values.lines.every((_, index) => !problems[`lines.${index}.amount`]);
    if (linesValid && !balance.balanced) problems.lines = LINES_MISMATCH;
  }
  return problems;
}

const centsOrZero = (text: string) => centsOf(text) ?? 0;

function lineInput(line: BillLineValues): BillLineInput {
  const memo = line.memo.trim();
  return {
    account: line.account,
    division: line.division === '' ? null : line.division,
    ...(memo === '' ? {} : { memo }),
    amount: centsOrZero(line.amount),
  };
}

/** POST body of a new bill; `draft` saves it in the pre-bill inbox. Call with validated values. */
export function createBillPayload(values: BillFormValues, draft: boolean): CreateBillRequest {
  const invoiceNumber = values.invoice_number.trim();
  return {
    entity: values.entity,
    vendor: values.vendor,
    amount: centsOrZero(values.amount),
    due_date: values.due_date,
    ...(invoiceNumber === '' ? {} : { invoice_number: invoiceNumber }),
    ...(values.invoice_date === '' ? {} : { invoice_date: values.invoice_date }),
    payment_method: values.payment_method as PaymentMethod,
    invoice_source: values.invoice_source as InvoiceSource,
    under_power_of_attorney: values.under_power_of_attorney,
    lines: values.lines.map(lineInput),
    draft,
  };
}

/** A line as the API compares it: memo '' and missing are the same. */
function comparableLine(line: BillLineInput) {
  return [line.account, line.division ?? null, line.memo ?? '', line.amount];
}

/**
 * PATCH body of an edit: only the fields that changed, plus the `version` the editor saw.
 * When the amount or any line changed, both `amount` and `lines` are sent (contracts).
 * Returns null when nothing changed.
 */
export function patchBillPayload(bill: Bill, values: BillFormValues): PatchBillRequest | null {
  const before = billToForm(bill);
  const next = createBillPayload(values, false);
  const patch: Record<string, unknown> = {};
  if (values.entity !== before.entity) patch.entity = next.entity;
  if (values.vendor !== before.vendor) patch.vendor = next.vendor;
  if (values.due_date !== before.due_date) patch.due_date = next.due_date;
  if (values.invoice_number.trim() !== before.invoice_number) {
    patch.invoice_number = next.invoice_number ?? null;
  }
  if (values.invoice_date !== before.invoice_date) patch.invoice_date = next.invoice_date ?? null;
  if (values.payment_method !== before.payment_method) patch.payment_method = next.payment_method;
  if (values.invoice_source !== before.invoice_source) patch.invoice_source = next.invoice_source;
  if (values.under_power_of_attorney !== before.under_power_of_attorney) {
    patch.under_power_of_attorney = next.under_power_of_attorney;
  }
  const oldLines = bill.lines.map((line) =>
    comparableLine({
      account: line.account.guid,
      division: line.division?.guid ?? null,
      memo: line.memo,
      amount: line.amount,
    }),
  );
  const newLines = next.lines.map(comparableLine);
  if (next.amount !== bill.amount || JSON.stringify(oldLines) !== JSON.stringify(newLines)) {
    patch.amount = next.amount;
    patch.lines = next.lines;
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, version: bill.version } as PatchBillRequest;
}
