import type { InboxEmail, InboxPrefill } from '@bp/contracts';
import { centsToDollarsPlain, formatDate, formatMoney, type InvoiceSource } from '@bp/domain';
import { type BillFormValues, blankBillForm } from '../bills/form/bill-form-values.ts';
import type { Proposals } from '../bills/form/ProposedValues.tsx';

/** How the e-mail reached the inbox says where the invoice came from (SPEC §3 invoice sources). */
const SOURCE_OF: Record<InboxEmail['source'], InvoiceSource> = {
  email: 'vendor',
  mail_scan: 'mail_scan',
  client_upload: 'client',
};

/**
 * The bill form's starting values and the proposals marked on it, from what the attachment proposed
 * (decision 023): amount (the only line too), due date, invoice number and date, the vendor and its
 * entity. Nothing proposed leaves the field blank.
 */
export function prefillForm(
  email: InboxEmail,
  prefill: InboxPrefill | null,
): { values: BillFormValues; proposals: Proposals } {
  const values = blankBillForm();
  values.invoice_source = SOURCE_OF[email.source];
  if (email.entity) values.entity = email.entity;
  const proposals: Proposals = {};
  if (!prefill) return { values, proposals };
  if (prefill.amount) {
    const dollars = centsToDollarsPlain(prefill.amount.value);
    values.amount = dollars;
    values.lines = [{ ...(values.lines[0] ?? { account: '', division: '', memo: '' }), amount: dollars }];
    proposals.amount = {
      value: dollars,
      shown: formatMoney(prefill.amount.value),
      source: prefill.amount.source,
    };
  }
  if (prefill.due_date) {
    values.due_date = prefill.due_date.value;
    proposals.due_date = {
      value: prefill.due_date.value,
      shown: formatDate(prefill.due_date.value),
      source: prefill.due_date.source,
    };
  }
  if (prefill.invoice_number) {
    values.invoice_number = prefill.invoice_number.value;
    proposals.invoice_number = {
      value: prefill.invoice_number.value,
      shown: prefill.invoice_number.value,
      source: prefill.invoice_number.source,
    };
  }
  if (prefill.invoice_date) {
    values.invoice_date = prefill.invoice_date.value;
    proposals.invoice_date = {
      value: prefill.invoice_date.value,
      shown: formatDate(prefill.invoice_date.value),
      source: prefill.invoice_date.source,
    };
  }
  // A vendor belongs to one entity: the match picks both (an e-mail already tied to another entity
  // keeps its entity, and the vendor is not proposed).
  if (prefill.vendor && (email.entity === null || email.entity === prefill.vendor.entity)) {
    values.entity = prefill.vendor.entity;
    values.vendor = prefill.vendor.guid;
    proposals.vendor = {
      value: prefill.vendor.guid,
      shown: prefill.vendor.name,
      source: prefill.vendor.detail,
    };
  }
  return { values, proposals };
}
