/**
 * The commitment bill form (prefilled from generate-template) and the body of
 * POST .../instances/{instanceGuid}/bill. Dollars typed, cents sent.
 */
import type { Bill, CommitmentBillTemplate, CreateBillFromInstanceRequest } from '@bp/contracts';
import { centsToDollars, type InvoiceSource, type PaymentMethod, parseDollarsToCents } from '@bp/domain';

export interface InstanceBillValues {
  amount: string;
  due_date: string;
  invoice_number: string;
  invoice_date: string;
  payment_method: PaymentMethod | '';
  invoice_source: InvoiceSource | '';
  account: string;
  division: string;
  memo: string;
}

export type InstanceBillField = keyof InstanceBillValues;

export const REQUIRED = 'This field is required.';

export function templateToValues(template: CommitmentBillTemplate): InstanceBillValues {
  const line = template.bill.lines[0];
  return {
    amount: template.bill.amount > 0 ? centsToDollars(template.bill.amount) : '',
    due_date: template.bill.due_date.slice(0, 10),
    invoice_number: '',
    invoice_date: '',
    payment_method: template.bill.payment_method,
    invoice_source: template.bill.invoice_source,
    account: line?.account ?? '',
    division: line?.division ?? '',
    memo: line?.memo ?? '',
  };
}

export function amountCentsOf(text: string): number | null {
  return text.trim() === '' ? null : parseDollarsToCents(text);
}

export function validateInstanceBill(v: InstanceBillValues): Partial<Record<InstanceBillField, string>> {
  const problems: Partial<Record<InstanceBillField, string>> = {};
  const cents = amountCentsOf(v.amount);
  if (v.amount.trim() === '') problems.amount = REQUIRED;
  else if (cents === null || cents < 0) problems.amount = 'Enter an amount in dollars, e.g. 1,234.56.';
  else if (cents === 0) problems.amount = 'Enter an amount greater than $0.00.';
  if (v.due_date === '') problems.due_date = REQUIRED;
  if (v.payment_method === '') problems.payment_method = REQUIRED;
  if (v.invoice_source === '') problems.invoice_source = REQUIRED;
  if (v.account === '') problems.account = 'Choose the account this bill is booked to.';
  if (v.invoice_number.length > 100) problems.invoice_number = 'Keep it under 100 characters.';
  if (v.memo.length > 500) problems.memo = 'Keep the memo under 500 characters.';
  return problems;
}

/** One line for the whole amount: a commitment books to one account. */
export function instanceBillPayload(v: InstanceBillValues): CreateBillFromInstanceRequest {
  const amount = amountCentsOf(v.amount) ?? 0;
  return {
    amount,
    due_date: v.due_date,
    payment_method: v.payment_method as PaymentMethod,
    invoice_source: v.invoice_source as InvoiceSource,
    ...(v.invoice_number.trim() ? { invoice_number: v.invoice_number.trim() } : {}),
    invoice_date: v.invoice_date === '' ? null : v.invoice_date,
    lines: [
      {
        account: v.account,
        division: v.division === '' ? null : v.division,
        memo: v.memo.trim(),
        amount,
      },
    ],
  };
}

export const AUTO_APPROVED_TEXT = 'Auto-approved: within the allowed difference';
export const SENT_FOR_APPROVAL_TEXT = 'Sent for approval';

/** True when the bill's plan skipped the client's approval (result not_needed). */
export function isAutoApproved(bill: Bill): boolean {
  return bill.plan.some((step) => step.kind === 'client_approval' && step.result === 'not_needed');
}
