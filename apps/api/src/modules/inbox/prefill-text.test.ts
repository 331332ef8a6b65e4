import { describe, expect, it } from 'vitest';
import { proposeFromText } from './prefill-text.ts';

const received = new Date('2026-04-10T15:00:00Z');

describe('proposals read from an invoice text', () => {
  it('reads the labelled amount due, due date, invoice number and date', () => {
    const text = [
      'Pacific Power & Light',
      'Invoice Number: INV-2026-0415',
      'Invoice Date: 04/01/2026',
      'Previous balance $10.00',
      'Amount Due: $1,234.56',
      'Due Date: 05/15/2026',
    ].join('\n');
    expect(proposeFromText(text, received)).toEqual({
      amount: { value: 123456, source: 'Amount Due: $1,234.56' },
      dueDate: { value: '2026-05-15', source: 'Due Date: 05/15/2026' },
      invoiceNumber: { value: 'INV-2026-0415', source: 'Invoice Number: INV-2026-0415' },
      invoiceDate: { value: '2026-04-01', source: 'Invoice Date: 04/01/2026' },
    });
  });

  it('reads written-out dates, a value on the next line, and a relative due date', () => {
    const text = 'Invoice # 88-120\nStatement date May 2, 2026\nPlease pay\n$ 99.10\nPayment due 20 May 2026';
    const got = proposeFromText(text, received);
    expect(got.amount?.value).toBe(9910);
    expect(got.invoiceNumber?.value).toBe('88-120');
    expect(got.invoiceDate?.value).toBe('2026-05-02');
    expect(got.dueDate?.value).toBe('2026-05-20');
    const relative = proposeFromText('Invoice 4471-0092\nAmount due: $182.40\nDue in 20 days', received);
    expect(relative.dueDate).toEqual({ value: '2026-04-30', source: 'Due in 20 days' });
    expect(relative.invoiceNumber?.value).toBe('4471-0092');
  });

  it('falls back to a total only when nothing says due, and guesses nothing without labels', () => {
    expect(proposeFromText('Subtotal 10.00\nTotal $12.50', received).amount?.value).toBe(1250);
    expect(proposeFromText('Account 123456\nThank you for your business 2026', received)).toEqual({
      amount: null,
      dueDate: null,
      invoiceNumber: null,
      invoiceDate: null,
    });
    // A bare whole number after a label is not money; an impossible date is not a date.
    const bad = proposeFromText('Amount due 4471\nDue date 02/30/2026\nInvoice date', received);
    expect(bad.amount).toBeNull();
    expect(bad.dueDate).toBeNull();
    expect(bad.invoiceNumber).toBeNull();
  });
});
