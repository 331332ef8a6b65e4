/**
 * Bills and their workflow: /v1/billing/clients/{clientGuid}/... and /v1/billing/organizations/{organizationGuid}/...
 * (SPEC §3 Bill, §4, §7 Billing; DESIGN §4, §6). Money is integer cents, dates are YYYY-MM-DD.
 */
import {
  APPROVAL_RESULT_VALUES,
  APPROVAL_STEP_KIND_VALUES,
  BILL_EVENT_VALUES,
  BILL_STATUS_VALUES,
  BILLING_QUEUE_VALUES,
  INVOICE_SOURCE_VALUES,
  isValidRoutingNumber,
  PAYMENT_METHOD_VALUES,
  TASK_KIND_VALUES,
  TASK_STATUS_VALUES,
} from '@bp/domain';
import { z } from 'zod';
import { guid, keysetPaged, keysetPageQuery, paged } from './common.ts';
import { cents, choice, optionalText, requiredText } from './entities.ts';
import { type PersonRef, personRef } from './person-ref.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const billStatus = z.enum(BILL_STATUS_VALUES);
export const paymentMethod = choice(PAYMENT_METHOD_VALUES);
export const invoiceSource = choice(INVOICE_SOURCE_VALUES);
export const approvalStepKind = z.enum(APPROVAL_STEP_KIND_VALUES);
export const approvalResult = z.enum(APPROVAL_RESULT_VALUES);

export { type PersonRef, personRef };

// ---------------------------------------------------------------------------------------------
// Bill
// ---------------------------------------------------------------------------------------------

export const billLine = z.object({
  guid,
  account: z.object({ guid, name: z.string(), display_2_levels: z.string() }),
  division: z.object({ guid, name: z.string() }).nullable(),
  memo: z.string(),
  amount: z.number().int(),
});
export type BillLine = z.infer<typeof billLine>;

/** One step of the bill's approval plan, with what happened to it in the current round. */
export const billApprovalStep = z.object({
  kind: approvalStepKind,
  /** The bill's status while this step waits. */
  status: billStatus,
  /** Why the step is needed (or, when skipped, why not), as shown to users. */
  reason: z.string(),
  /** Who may act, in words ("A client or designee", "Staff with 'Approve bills above $10,000'"). */
  who: z.string(),
  permission: z.string().nullable(),
  client_roles: z.array(z.string()),
  skipped: z.boolean(),
  vendor_check: z.boolean(),
  /** approved / not_needed once done in this round; null while waiting or not reached. */
  result: approvalResult.nullable(),
  approved_by: personRef.nullable(),
  approved_on: z.string().nullable(),
  /** A verbal approval recorded by staff and not yet confirmed by a second staff member. */
  verbal_pending: z.boolean(),
  /** True for the step the bill waits on now. */
  current: z.boolean(),
});
export type BillApprovalStep = z.infer<typeof billApprovalStep>;

/** A bill as lists show it. */
export const billSummary = z.object({
  guid,
  status: billStatus,
  amount: z.number().int(),
  due_date: z.string(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES),
  invoice_source: z.enum(INVOICE_SOURCE_VALUES),
  ext_bill_id: z.string().nullable(),
  client: z.object({ guid, name: z.string() }),
  entity: z.object({ guid, nickname: z.string() }),
  vendor: z.object({ guid, name: z.string() }),
  paid_date: z.string().nullable(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type BillSummary = z.infer<typeof billSummary>;
export const billList = keysetPaged(billSummary);

/** The workflow actions the caller may take on a bill now (the bill page's buttons, the queue's bulk bar). */
export const billActions = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  revise: z.boolean(),
  record_verbal_approval: z.boolean(),
  record_payment: z.boolean(),
  reverse_payment: z.boolean(),
});
export type BillActions = z.infer<typeof billActions>;

/** The organisation's queues: each bill with what the caller may do to it, for the bulk actions. */
export const billQueueItem = billSummary.extend({ can: billActions });
export type BillQueueItem = z.infer<typeof billQueueItem>;
export const billQueueList = keysetPaged(billQueueItem);

/** The client's account a payment left from (one of its institutions). */
export const paidFromAccount = z.object({ guid, name: z.string(), account_last4: z.string().nullable() });
export type PaidFromAccount = z.infer<typeof paidFromAccount>;

/** The bill page: everything lists show, plus lines, plan and what the caller may do. */
export const bill = billSummary.extend({
  lines: z.array(billLine),
  plan: z.array(billApprovalStep),
  version: z.number().int(),
  reject_reason: z.string().nullable(),
  reject_other_description: z.string().nullable(),
  revise_reason: z.string().nullable(),
  under_power_of_attorney: z.boolean(),
  vendor_is_new_to_entity: z.boolean(),
  sanctions_match: z.boolean(),
  commitment_id: z.number().int().nullable(),
  expected_amount: z.number().int().nullable(),
  created_by: personRef.nullable(),
  /** Set once the payment is recorded (paid_date is its date): the account paid from and the reference. */
  paid_from_account: paidFromAccount.nullable(),
  payment_reference: z.string().nullable(),
  /** What the caller may do now, so screens show only working buttons. */
  can: billActions.extend({ edit: z.boolean(), delete: z.boolean() }),
  /**
   * Why the caller may not approve now (the sentence the workflow route would answer, e.g. "This bill
   * is above your approval limit."), null when it may: the mobile app explains a disabled Approve.
   */
  approve_refusal: z.string().nullable(),
  unread_messages: z.number().int(),
});
export type Bill = z.infer<typeof bill>;

export const BILL_MAX_LINES = 100;

export const billLineInput = z
  .object({
    account: guid,
    division: guid.nullable().optional(),
    memo: optionalText(500).optional(),
    amount: cents,
  })
  .strict();
export type BillLineInput = z.infer<typeof billLineInput>;

const billFields = {
  entity: guid,
  vendor: guid,
  amount: cents,
  due_date: isoDate,
  invoice_number: optionalText(100).optional(),
  invoice_date: isoDate.nullable().optional(),
  payment_method: paymentMethod,
  invoice_source: invoiceSource,
  ext_bill_id: optionalText(100).optional(),
  under_power_of_attorney: z.boolean().optional(),
  lines: z.array(billLineInput).min(1, 'Add at least one line.').max(BILL_MAX_LINES),
};

/** Lines must add up to the bill's amount (checked again by the server). */
function linesSumToAmount(value: { amount?: number; lines?: BillLineInput[] }) {
  if (value.amount === undefined || value.lines === undefined) return true;
  return value.lines.reduce((sum, line) => sum + line.amount, 0) === value.amount;
}
const LINES_MESSAGE = { message: 'The lines must add up to the bill amount.', path: ['lines'] };

/**
 * Why the bill is entered although it looks like one the client already has (the duplicate check):
 * required when the check finds one (else 409 `possible_duplicate`), recorded on the bill's timeline.
 */
const duplicateReason = optionalText(500);

/**
 * New bill. `draft: true` saves it in pre_bill (the pre-bill inbox) without starting the workflow;
 * otherwise it is planned at once and waits on its first step.
 */
export const createBillRequest = z
  .object({ ...billFields, draft: z.boolean().optional(), duplicate_reason: duplicateReason.optional() })
  .strict()
  .refine(linesSumToAmount, LINES_MESSAGE);
export type CreateBillRequest = z.infer<typeof createBillRequest>;

/**
 * Edit: only while no approval counts yet, or when changes were required (revise) or it is a draft.
 * An edit re-plans the bill from step 1. `version` is the one the editor saw (409 when stale).
 * When `amount` or `lines` change, both must be sent.
 */
export const patchBillRequest = z
  .object({ ...billFields, version: z.number().int().positive() })
  .partial()
  .required({ version: true })
  .strict()
  .refine(linesSumToAmount, LINES_MESSAGE);
export type PatchBillRequest = z.infer<typeof patchBillRequest>;

export const CLIENT_BILL_LIST_VALUES = [
  'client-pre-bill',
  'approved',
  'auto-approved',
  'rejected',
  'paid',
] as const;
export type ClientBillList = (typeof CLIENT_BILL_LIST_VALUES)[number];

// ---------------------------------------------------------------------------------------------
// Duplicate check (issue 13): before a bill is saved, the client's bills it may repeat
// ---------------------------------------------------------------------------------------------

/** How far back the duplicate check looks (by invoice date, else the day the bill was entered). */
export const DUPLICATE_LOOKBACK_MONTHS = 18;
/** Same vendor and amount with invoice dates at most this many days apart is a possible duplicate. */
export const DUPLICATE_INVOICE_DATE_DAYS = 7;
/** Why a bill looks like a duplicate: same vendor and invoice number; same vendor, amount and close dates. */
export const DUPLICATE_REASONS = ['invoice_number', 'amount_and_invoice_date'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** `?vendor&amount&invoice_number&invoice_date`: the bill about to be saved. */
export const duplicateCheckQuery = z.object({
  vendor: guid,
  amount: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  invoice_number: optionalText(100).optional(),
  invoice_date: isoDate.optional(),
});
export type DuplicateCheckQuery = z.infer<typeof duplicateCheckQuery>;

export const possibleDuplicate = billSummary
  .pick({ guid: true, status: true, amount: true, due_date: true, invoice_number: true, invoice_date: true })
  .extend({
    entity: z.object({ guid, nickname: z.string() }),
    vendor: z.object({ guid, name: z.string() }),
    reasons: z.array(z.enum(DUPLICATE_REASONS)),
  });
export type PossibleDuplicate = z.infer<typeof possibleDuplicate>;
export const duplicateCheck = z.object({ duplicates: z.array(possibleDuplicate) });
export type DuplicateCheck = z.infer<typeof duplicateCheck>;

export const BILL_ORDERING = ['due_date', 'amount', 'created_on', 'vendor'] as const;

/** Filters every bill list takes; 'all-clients' and 'all-entities' mean no filter. */
export const billListQuery = keysetPageQuery.extend({
  status: z.enum(BILL_STATUS_VALUES).optional(),
  queue: z.enum(BILLING_QUEUE_VALUES).optional(),
  client: z.union([guid, z.literal('all-clients')]).optional(),
  entity: z.union([guid, z.literal('all-entities')]).optional(),
  vendor: guid.optional(),
  /**
   * The client's status lists (/bills/{entity}/client-pre-bill, approved, auto-approved, rejected, paid):
   * client-pre-bill = waiting on a client step (client_pre_approval, client_approval, needs_2nd_approval,
   * verbal_approval); approved = the client step was approved in the current round and the bill is not
   * yet paid or rejected; auto-approved = the client step was skipped (not_needed), not yet paid or
   * rejected; rejected and paid = those statuses.
   */
  client_list: z.enum(CLIENT_BILL_LIST_VALUES).optional(),
});
export type BillListQuery = z.infer<typeof billListQuery>;

const queueCount = z.number().int();
/**
 * Counts per billing queue, for the queue tabs: exact up to COUNT_CAP; a queue holding more reports
 * COUNT_CAP and is listed in `capped` (the tab shows "1,000+"). The API always sends `capped`.
 */
export const billQueueCounts = z.object({
  ...(Object.fromEntries(BILLING_QUEUE_VALUES.map((queue) => [queue, queueCount])) as Record<
    (typeof BILLING_QUEUE_VALUES)[number],
    typeof queueCount
  >),
  capped: z.array(z.enum(BILLING_QUEUE_VALUES)).optional(),
});
export type BillQueueCounts = z.infer<typeof billQueueCounts>;

// ---------------------------------------------------------------------------------------------
// Workflow
// ---------------------------------------------------------------------------------------------

export const REJECT_REASON_VALUES = [
  'duplicate',
  'incorrect_amount',
  'not_recognized',
  'already_paid',
  'other',
] as const;
export const REJECT_REASON_LABELS: Record<(typeof REJECT_REASON_VALUES)[number], string> = {
  duplicate: 'Duplicate bill',
  incorrect_amount: 'Incorrect amount',
  not_recognized: 'Not recognized',
  already_paid: 'Already paid',
  other: 'Other',
};
export const rejectReason = choice(REJECT_REASON_VALUES);

/**
 * POST .../bills/{billGuid}/workflow. `approve` acts on the step the bill waits on; `verbal: true`
 * records a client's phone approval (staff), confirmed by a second staff member's approve.
 * `reject` needs reject_reason, and reject_other_description when the reason is `other`.
 * `revise` (same as POST .../workflow/revise) needs `reason`.
 */
export const workflowRequest = z
  .object({
    action: choice(['approve', 'reject', 'revise'] as const),
    version: z.number().int().positive().optional(),
    verbal: z.boolean().optional(),
    reject_reason: rejectReason.optional(),
    reject_other_description: optionalText(500).optional(),
    reason: optionalText(1000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reject_reason) {
      ctx.addIssue({ code: 'custom', path: ['reject_reason'], message: 'This field is required.' });
    }
    if (v.action === 'reject' && v.reject_reason === 'other' && !v.reject_other_description) {
      ctx.addIssue({
        code: 'custom',
        path: ['reject_other_description'],
        message: 'Describe why the bill is rejected.',
      });
    }
    if (v.action === 'revise' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'This field is required.' });
    }
  });
export type WorkflowRequest = z.infer<typeof workflowRequest>;

export const reviseRequest = z
  .object({ reason: requiredText(1000), version: z.number().int().positive().optional() })
  .strict();
export const reversePaymentRequest = z
  .object({ reason: requiredText(1000), version: z.number().int().positive().optional() })
  .strict();

/**
 * POST .../bills/{billGuid}/workflow/record-payment: pays a bill waiting in payment_pending. The date the
 * money left (not after today where the caller is), the client's account it left from (a guid of one of
 * the client's institutions) and the method's reference (check number, ACH trace or batch, wire
 * confirmation), required for check, ACH and wire bills.
 */
const paymentFields = {
  payment_date: isoDate,
  paid_from_account: guid,
  reference: optionalText(100).optional(),
};
export const recordPaymentRequest = z
  .object({ ...paymentFields, version: z.number().int().positive().optional() })
  .strict();
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequest>;

export const BULK_MAX_BILLS = 100;

/** POST .../bulk-record-payment: the same payment details recorded on each bill; one result row per bill. */
export const bulkRecordPaymentRequest = z
  .object({ bills: z.array(guid).min(1, 'Choose at least one bill.').max(BULK_MAX_BILLS), ...paymentFields })
  .strict();
export type BulkRecordPaymentRequest = z.infer<typeof bulkRecordPaymentRequest>;
export const bulkApproveRejectRequest = z
  .object({
    bills: z.array(guid).min(1, 'Choose at least one bill.').max(BULK_MAX_BILLS),
    action: choice(['approve', 'reject'] as const),
    /** With approve: record the client's phone approval on each bill (staff), as the single call's `verbal`. */
    verbal: z.boolean().optional(),
    reject_reason: rejectReason.optional(),
    reject_other_description: optionalText(500).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reject_reason) {
      ctx.addIssue({ code: 'custom', path: ['reject_reason'], message: 'This field is required.' });
    }
  });
export type BulkApproveRejectRequest = z.infer<typeof bulkApproveRejectRequest>;

/** Per bill: its new status, or why it was refused (the same detail/code a single call answers). */
export const bulkApproveRejectResult = z.object({
  results: z.array(
    z.object({
      bill: guid,
      ok: z.boolean(),
      status: billStatus.nullable(),
      detail: z.string().nullable(),
      code: z.string().nullable(),
    }),
  ),
});
export type BulkApproveRejectResult = z.infer<typeof bulkApproveRejectResult>;

// ---------------------------------------------------------------------------------------------
// Events, notes, attachments, tasks
// ---------------------------------------------------------------------------------------------

export const billEvent = z.object({
  guid,
  kind: z.enum(BILL_EVENT_VALUES),
  user: personRef.nullable(),
  from_status: billStatus.nullable(),
  to_status: billStatus.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_on: z.string(),
});
export type BillEventItem = z.infer<typeof billEvent>;
export const billEventList = paged(billEvent);

export const billNote = z.object({
  guid,
  body: z.string(),
  user: personRef.nullable(),
  created_on: z.string(),
});
export type BillNote = z.infer<typeof billNote>;
export const billNoteList = paged(billNote);
export const createBillNoteRequest = z.object({ body: requiredText(5000) }).strict();

/** Upload: POST multipart/form-data with the field `file`; bytes at .../attachments/{guid}/download. */
export const BILL_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const billAttachment = z.object({
  guid,
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_by: personRef.nullable(),
  created_on: z.string(),
});
export type BillAttachment = z.infer<typeof billAttachment>;
export const billAttachmentList = z.array(billAttachment);

export const billTask = z.object({
  guid,
  kind: z.enum(TASK_KIND_VALUES),
  status: z.enum([...TASK_STATUS_VALUES, 'cancelled'] as const),
  step: approvalStepKind.nullable(),
  permission: z.string().nullable(),
  assigned_to: personRef.nullable(),
  created_on: z.string(),
  completed_on: z.string().nullable(),
});
export type BillTask = z.infer<typeof billTask>;
export const billTaskList = z.array(billTask);

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export {
  type CreateMessageRequest,
  createMessageRequest,
  MESSAGE_MAX_LENGTH,
  type Message,
  message,
  messageList,
  messageListQuery,
} from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Metrics, by-paid-date, advanced search
// ---------------------------------------------------------------------------------------------

/** Count and total per status, plus what is due soon and overdue (unpaid, not rejected). */
export const summaryMetrics = z.object({
  by_status: z.array(z.object({ status: billStatus, count: z.number().int(), amount: z.number().int() })),
  awaiting_approval: z.object({ count: z.number().int(), amount: z.number().int() }),
  due_next_7_days: z.object({ count: z.number().int(), amount: z.number().int() }),
  overdue: z.object({ count: z.number().int(), amount: z.number().int() }),
  paid_this_month: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type SummaryMetrics = z.infer<typeof summaryMetrics>;
export const metricsQuery = z.object({
  client: z.union([guid, z.literal('all-clients')]).optional(),
  entity: z.union([guid, z.literal('all-entities')]).optional(),
});

export const byPaidDateQuery = metricsQuery.extend({ date_from: isoDate, date_to: isoDate });
export const byPaidDate = z.object({
  results: z.array(z.object({ date: z.string(), count: z.number().int(), amount: z.number().int() })),
});
export type ByPaidDate = z.infer<typeof byPaidDate>;

/** Advanced search: every filter optional; all given filters must hold. */
export const advancedSearchQuery = keysetPageQuery.extend({
  client: z.union([guid, z.literal('all-clients')]).optional(),
  entity: z.union([guid, z.literal('all-entities')]).optional(),
  vendor: z.string().trim().max(200).optional(),
  amount_min: z.coerce.number().int().min(0).optional(),
  amount_max: z.coerce.number().int().min(0).optional(),
  due_date_from: isoDate.optional(),
  due_date_to: isoDate.optional(),
  invoice_date_from: isoDate.optional(),
  invoice_date_to: isoDate.optional(),
  paid_date_from: isoDate.optional(),
  paid_date_to: isoDate.optional(),
  status: z
    .union([z.enum(BILL_STATUS_VALUES), z.array(z.enum(BILL_STATUS_VALUES))])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  memo: z.string().trim().max(200).optional(),
  invoice_number: z.string().trim().max(100).optional(),
});
export type AdvancedSearchQuery = z.infer<typeof advancedSearchQuery>;
export const advancedSearchExportQuery = advancedSearchQuery
  .omit({ page: true, page_size: true, cursor: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

// ---------------------------------------------------------------------------------------------
// Awaiting-approval notification: POST v1/notifications/clients/{clientGuid}/entities/{entityGuid}/awaiting-approval
// ---------------------------------------------------------------------------------------------

export const awaitingApprovalRequest = z
  .object({
    /** Client users (guids) to notify; empty = every client and designee who may approve. */
    recipients: z.array(guid).max(50),
    is_urgent: z.boolean().default(false),
    is_funding_required: z.boolean().default(false),
  })
  .strict();
export type AwaitingApprovalRequest = z.infer<typeof awaitingApprovalRequest>;
export const awaitingApprovalResponse = z.object({ queued: z.number().int(), bills: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Sanctions list: GET /v1/billing/organizations/{organizationGuid}/sanctions-list
// ---------------------------------------------------------------------------------------------

/** Whether the operator's sanctions list is loaded: its size and when it was last loaded. */
export const sanctionsListStatus = z.object({
  entries: z.number().int(),
  loaded_at: z.string().nullable(),
});
export type SanctionsListStatus = z.infer<typeof sanctionsListStatus>;

// ---------------------------------------------------------------------------------------------
// ACH payments: the organisation's origination, vendors' bank accounts, NACHA exports (decision 015)
// ---------------------------------------------------------------------------------------------

const digits = (n: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${n}}$`), `Enter the ${what} (${n} digits).`);
const routingNumber = digits(9, 'routing number').refine(
  isValidRoutingNumber,
  'This is not a valid routing number; check the digits.',
);

/** GET/PUT .../organizations/{organizationGuid}/ach-settings: what the NACHA file says about the originator. */
export const achSettings = z.object({
  bank_routing_number: routingNumber,
  bank_name: requiredText(23),
  company_identification: digits(10, 'company identification'),
  company_name: requiredText(16),
});
export type AchSettings = z.infer<typeof achSettings>;
export const achSettingsRequest = achSettings.strict();

/** GET/PUT .../clients/{clientGuid}/vendors/{vendorGuid}/bank-account: where the vendor is paid by ACH. */
export const vendorBankAccount = z.object({
  routing_number: routingNumber,
  account_number: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,17}$/, 'Enter the account number (4 to 17 characters).'),
  account_type: choice(['checking', 'savings'] as const),
});
export type VendorBankAccount = z.infer<typeof vendorBankAccount>;
export const vendorBankAccountRequest = vendorBankAccount.strict();

/** POST .../clients/{clientGuid}/ach-exports: the client's ACH payments ready to send, in one NACHA file. */
export const createAchExportRequest = z.object({ paid_from_account: guid, effective_date: isoDate }).strict();
export type CreateAchExportRequest = z.infer<typeof createAchExportRequest>;

export const achExport = z.object({
  guid,
  batch_reference: z.string(),
  effective_date: z.string(),
  entry_count: z.number().int(),
  /** Cents. */
  total_amount: z.number().int(),
  paid_from_account: paidFromAccount.nullable(),
  bills: z.array(z.object({ guid, trace_number: z.string(), amount: z.number().int(), vendor: z.string() })),
  /** Bills that were ready but left out because their vendor has no bank account. */
  missing_bank_account: z.array(guid),
  created_on: z.string(),
  created_by: personRef.nullable(),
  recorded_on: z.string().nullable(),
});
export type AchExport = z.infer<typeof achExport>;
export const achExportList = z.array(achExport);

/** POST .../ach-exports/{exportGuid}/record-payments: every bill of the file paid on this date, in one step. */
export const recordExportPaymentsRequest = z.object({ payment_date: isoDate }).strict();
