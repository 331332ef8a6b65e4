import { describe, expect, it } from 'vitest';
import { billRow } from '../shared/fixtures.test-support.ts';
import {
  billToForm,
  blankBillForm,
  createBillPayload,
  LINES_MISMATCH,
  linesBalance,
  patchBillPayload,
  REQUIRED,
  validateBillForm,
} from './bill-form-values.ts';

describe('bill form values', () => {
  it('adds the lines in cents, never in floats', () => {
    const lines = ['0.10', '0.20', '0.01'].map((amount) => ({
      account: 'a',
      division: '',
      memo: '',
      amount,
    }));
    expect(linesBalance('0.31', lines)).toEqual({ amount: 31, total: 31, remaining: 0, balanced: true });
    expect(linesBalance('1,234.56', lines).remaining).toBe(123425);
    expect(linesBalance('', lines).remaining).toBeNull();
  });

  it('validates required fields, amounts and the lines sum', () => {
    const problems = validateBillForm(blankBillForm());
    expect(problems).toMatchObject({ entity: REQUIRED, amount: REQUIRED, 'lines.0.account': REQUIRED });
    const values = {
      ...billToForm(billRow()),
      amount: '100',
      lines: [{ account: 'a', division: '', memo: '', amount: '99.99' }],
    };
    expect(validateBillForm(values).lines).toBe(LINES_MISMATCH);
    expect(validateBillForm({ ...values, amount: '12abc' }).amount).toMatch(/Enter an amount/);
    expect(validateBillForm({ ...values, amount: '0' }).amount).toMatch(/greater than/);
    expect(validateBillForm({ ...values, amount: '99.99' })).toEqual({});
  });

  it('turns dollars into cents and leaves blank optional fields out', () => {
    const body = createBillPayload(
      {
        ...blankBillForm(),
        entity: 'e',
        vendor: 'v',
        amount: '$1,234.56',
        due_date: '2026-04-01',
        payment_method: 'wire',
        invoice_source: 'mail_scan',
        lines: [{ account: 'a', division: 'd', memo: '  ', amount: '1234.56' }],
      },
      true,
    );
    expect(body).toEqual({
      entity: 'e',
      vendor: 'v',
      amount: 123456,
      due_date: '2026-04-01',
      payment_method: 'wire',
      invoice_source: 'mail_scan',
      under_power_of_attorney: false,
      lines: [{ account: 'a', division: 'd', amount: 123456 }],
      draft: true,
    });
  });

  it('patches nothing when nothing changed, and clears a removed invoice number with null', () => {
    const bill = billRow();
    expect(patchBillPayload(bill, billToForm(bill))).toBeNull();
    expect(patchBillPayload(bill, { ...billToForm(bill), invoice_number: '' })).toEqual({
      invoice_number: null,
      version: bill.version,
    });
  });
});
