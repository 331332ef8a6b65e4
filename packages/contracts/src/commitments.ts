/**
 * Commitments: recurring obligations of a client's entity, their instances, forecasts and the bills
 * they produce (SPEC §2, §3 Commitment, §7 Billing: commitments; issue 6; decision 013).
 * Client base: /v1/billing/clients/{clientGuid}/commitments; organisation base (list across clients):
 * /v1/billing/organizations/{organizationGuid}/commitments. `commitmentId` is numeric (SPEC routes).
 * Money is integer cents, dates are YYYY-MM-DD, months YYYY-MM.
 */
import {
  COMMITMENT_CATEGORY_VALUES,
  COMMITMENT_FREQUENCY_VALUES,
  INVOICE_SOURCE_VALUES,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';
import { z } from 'zod';
import {
  type BillNote,
  billNote,
  billNoteList,
  billStatus,
  billSummary,
  createBillNoteRequest,
} from './bills.ts';
import { guid, paged, pageQuery } from './common.ts';
import { cents, choice, optionalText, queryFlag } from './entities.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const commitmentCategory = choice(COMMITMENT_CATEGORY_VALUES);
export const commitmentFrequency = choice(COMMITMENT_FREQUENCY_VALUES);

// ---------------------------------------------------------------------------------------------
// Commitment
// ---------------------------------------------------------------------------------------------

export const commitment = z.object({
  id: z.number().int(),
  guid,
  client: z.object({ guid, name: z.string() }),
  entity: z.object({ guid, nickname: z.string() }),
  vendor: z.object({ guid, name: z.string() }),
  category: z.enum(COMMITMENT_CATEGORY_VALUES),
  frequency: z.enum(COMMITMENT_FREQUENCY_VALUES),
  /** Cents; null when the amount varies (is_variable). */
  expected_amount: z.number().int().nullable(),
  is_variable: z.boolean(),
  /** monthly: 1..31 (clamped to the month's last day); yearly: with due_month; null for weekly/bi_weekly. */
  due_day: z.number().int().nullable(),
  due_month: z.number().int().nullable(),
  /** weekly/bi_weekly: the start date fixes the weekday (and the fortnight). */
  start_date: z.string(),
  end_date: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES),
  account: z.object({ guid, display_2_levels: z.string() }).nullable(),
  division: z.object({ guid, name: z.string() }).nullable(),
  memo: z.string(),
  /** Paid by the vendor's autopay: tracked, never paid by staff. */
  autopay: z.boolean(),
  archived: z.boolean(),
  /** Due date (after the business-day rule) of the next occurrence on or after today; null when none. */
  next_due_date: z.string().nullable(),
  created_on: z.string(),
  version: z.number().int(),
});
export type Commitment = z.infer<typeof commitment>;
export const commitmentList = paged(commitment);

/** The schedule fields the cross-field rules read (create, and a PATCH merged over the stored row). */
export type CommitmentScheduleValues = {
  frequency?: (typeof COMMITMENT_FREQUENCY_VALUES)[number];
  due_day?: number | null;
  due_month?: number | null;
  expected_amount?: number | null;
  is_variable?: boolean;
  start_date?: string;
  end_date?: string | null;
};

const DAYS_IN_MONTH_MAX = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Cross-field rules, as `{field: message}`: monthly needs due_day 1..31; yearly needs due_month and
 * a due_day that exists in that month (Feb 29 allowed: it falls on Feb 28 in other years); the
 * expected amount is required unless the commitment is variable; the end is on or after the start.
 * Exported so the server checks a PATCH merged over the stored commitment with the same words.
 */
export function commitmentScheduleIssues(v: CommitmentScheduleValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (v.frequency === 'monthly' && (v.due_day === undefined || v.due_day === null)) {
    issues.due_day = 'A monthly commitment needs a due day (1 to 31).';
  }
  if (v.frequency === 'yearly') {
    if (v.due_month === undefined || v.due_month === null) {
      issues.due_month = 'A yearly commitment needs a due month (1 to 12).';
    }
    if (v.due_day === undefined || v.due_day === null) {
      issues.due_day = 'A yearly commitment needs a due day.';
    } else if (v.due_month && v.due_day > (DAYS_IN_MONTH_MAX[v.due_month - 1] ?? 31)) {
      issues.due_day = `Month ${v.due_month} has no day ${v.due_day}.`;
    }
  }
  if (!v.is_variable && (v.expected_amount === undefined || v.expected_amount === null)) {
    issues.expected_amount = 'Enter the expected amount, or mark the commitment as variable.';
  }
  if (v.start_date && v.end_date && v.end_date < v.start_date) {
    issues.end_date = 'The end date must be on or after the start date.';
  }
  return issues;
}

function addScheduleIssues(v: CommitmentScheduleValues, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(commitmentScheduleIssues(v))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

const commitmentFields = {
  /** Entity of the client (guid). */
  entity: guid,
  /** Vendor of that entity (guid). */
  vendor: guid,
  category: commitmentCategory,
  frequency: commitmentFrequency,
  /** Cents; ignored (stored as null) when is_variable. */
  expected_amount: cents.nullable().optional(),
  is_variable: z.boolean().optional(),
  due_day: z
    .number('Enter a day of the month.')
    .int('Enter a day of the month.')
    .min(1, 'Enter a day from 1 to 31.')
    .max(31, 'Enter a day from 1 to 31.')
    .nullable()
    .optional(),
  due_month: z
    .number('Enter a month.')
    .int('Enter a month.')
    .min(1, 'Enter a month from 1 to 12.')
    .max(12, 'Enter a month from 1 to 12.')
    .nullable()
    .optional(),
  start_date: isoDate,
  end_date: isoDate.nullable().optional(),
  payment_method: choice(PAYMENT_METHOD_VALUES),
  /** An account of the entity that bills may use (assignable), or null. */
  account: guid.nullable().optional(),
  division: guid.nullable().optional(),
  memo: optionalText(500).optional(),
  autopay: z.boolean().optional(),
};

/** New commitment (staff). weekly/bi_weekly ignore due_day and due_month (stored as null). */
export const createCommitmentRequest = z
  .object(commitmentFields)
  .strict()
  .superRefine((v, ctx) => addScheduleIssues(v, ctx));
export type CreateCommitmentRequest = z.input<typeof createCommitmentRequest>;

/**
 * Edit (staff): any subset plus the `version` the editor saw (409 when stale). The cross-field rules
 * are checked again on the result (the stored values with these changes), answering 400 by field.
 */
export const patchCommitmentRequest = z
  .object({ ...commitmentFields, version: z.number().int().positive() })
  .partial()
  .required({ version: true })
  .strict();
export type PatchCommitmentRequest = z.input<typeof patchCommitmentRequest>;

/** Body of archive (DELETE), unarchive and create_autopay: the version is optional (checked when sent). */
export const commitmentVersionRequest = z
  .object({ version: z.number().int().positive().optional() })
  .strict();

/**
 * POST .../commitments/from-bill/{billGuid}: a commitment prefilled from an existing bill (entity,
 * vendor, expected amount = the bill amount, payment method, first line's account/division/memo,
 * monthly on the bill's due day, starting at the bill's due date). Any field given here wins.
 * GET on the same path answers the prefilled values without saving (the form's initial values).
 */
export const commitmentFromBillRequest = z.object(commitmentFields).partial().strict();
export type CommitmentFromBillRequest = z.input<typeof commitmentFromBillRequest>;
export const commitmentDraft = z.object({
  entity: guid,
  vendor: guid,
  category: z.enum(COMMITMENT_CATEGORY_VALUES),
  frequency: z.enum(COMMITMENT_FREQUENCY_VALUES),
  expected_amount: z.number().int().nullable(),
  is_variable: z.boolean(),
  due_day: z.number().int().nullable(),
  due_month: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHOD_VALUES),
  account: guid.nullable(),
  division: guid.nullable(),
  memo: z.string(),
  autopay: z.boolean(),
});
export type CommitmentDraft = z.infer<typeof commitmentDraft>;

export const COMMITMENT_ORDERING = [
  'next_due_date',
  'created_on',
  'vendor',
  'expected_amount',
  'category',
] as const;

/**
 * List filters; 'all-clients' and 'all-entities' mean no filter. `archived=true` lists the archived
 * ones only (default: active ones). `search` matches the vendor name and the memo.
 * `ordering`: one of COMMITMENT_ORDERING, '-' for descending (default -created_on).
 */
export const commitmentListQuery = pageQuery.extend({
  client: z.union([guid, z.literal('all-clients')]).optional(),
  entity: z.union([guid, z.literal('all-entities')]).optional(),
  category: z.enum(COMMITMENT_CATEGORY_VALUES).optional(),
  frequency: z.enum(COMMITMENT_FREQUENCY_VALUES).optional(),
  archived: queryFlag.optional(),
});
export type CommitmentListQuery = z.infer<typeof commitmentListQuery>;

// ---------------------------------------------------------------------------------------------
// Instances and tracker
// ---------------------------------------------------------------------------------------------

/**
 * skipped: skipped by staff; paid: its bill is paid; billed: a bill exists, not paid, not rejected;
 * autopay: an autopay commitment whose due date has passed; late: past due by 1..30 days without a
 * paid bill; missed: past due by more than 30 days without a paid bill; upcoming: due today or later.
 */
export const COMMITMENT_INSTANCE_STATUS_VALUES = [
  'upcoming',
  'billed',
  'paid',
  'late',
  'missed',
  'skipped',
  'autopay',
] as const;
export type CommitmentInstanceStatus = (typeof COMMITMENT_INSTANCE_STATUS_VALUES)[number];

export const commitmentInstance = z.object({
  guid,
  /** The schedule's date; `due_date` is it after the business-day rule (previous business day). */
  scheduled_date: z.string(),
  due_date: z.string(),
  expected_amount: z.number().int().nullable(),
  status: z.enum(COMMITMENT_INSTANCE_STATUS_VALUES),
  bill: z.object({ guid, status: billStatus, amount: z.number().int() }).nullable(),
});
export type CommitmentInstance = z.infer<typeof commitmentInstance>;
export const commitmentInstanceList = paged(commitmentInstance);
/** Instances by due date; `ordering=-due_date` for newest first. */
export const commitmentInstanceListQuery = pageQuery.extend({
  status: z.enum(COMMITMENT_INSTANCE_STATUS_VALUES).optional(),
});

/**
 * PATCH .../{commitmentId}/instances/{instanceGuid} (staff): skip an instance that is not owed this time
 * (status skipped), or take the skip back. An instance with a live bill cannot be skipped (409).
 */
export const patchCommitmentInstanceRequest = z
  .object({ skipped: z.boolean('Send true or false.') })
  .strict();
export type PatchCommitmentInstanceRequest = z.infer<typeof patchCommitmentInstanceRequest>;

/** The tracker: the last 6 instances due before today and the next 6 due today or later. */
export const commitmentTracker = z.object({
  today: z.string(),
  past: z.array(commitmentInstance),
  upcoming: z.array(commitmentInstance),
});
export type CommitmentTracker = z.infer<typeof commitmentTracker>;

/** POST .../commitments/generate-instances (organisation, staff): what one run inserted. */
export const generateInstancesResult = z.object({
  commitments: z.number().int(),
  inserted: z.number().int(),
  until: z.string(),
});
export type GenerateInstancesResult = z.infer<typeof generateInstancesResult>;

/** The commitment's bills (bills with commitment_id = it), newest due date first. */
export const commitmentBillList = paged(billSummary);

// ---------------------------------------------------------------------------------------------
// Bills from commitments
// ---------------------------------------------------------------------------------------------

/**
 * POST .../{commitmentId}/generate-template[?instance={instanceGuid}]: the bill prefill of the next
 * unbilled, unskipped instance (or the given one). `bill` is createBillRequest-compatible except that
 * a line's account may be null when the commitment has none (the form asks for it).
 */
export const commitmentBillTemplate = z.object({
  commitment: commitment,
  instance: commitmentInstance,
  bill: z.object({
    entity: guid,
    vendor: guid,
    amount: z.number().int(),
    due_date: z.string(),
    payment_method: z.enum(PAYMENT_METHOD_VALUES),
    invoice_source: z.enum(INVOICE_SOURCE_VALUES),
    lines: z.array(
      z.object({
        account: guid.nullable(),
        division: guid.nullable(),
        memo: z.string(),
        amount: z.number().int(),
      }),
    ),
    commitment_id: z.number().int(),
    instance: guid,
  }),
});
export type CommitmentBillTemplate = z.infer<typeof commitmentBillTemplate>;
export const commitmentBillTemplateQuery = z.object({ instance: guid.optional() }).strict();

/**
 * POST .../{commitmentId}/instances/{instanceGuid}/bill: creates the instance's bill (staff). Every
 * field is optional: what is missing comes from the template (entity and vendor are the commitment's
 * and cannot change). The bill carries commitment_id and expected_amount, so a bill within the
 * entity's allowable_payment_threshold skips the client step (not_needed, bill_auto_approved).
 * Answers the bill (as GET .../bills/{billGuid}).
 */
export const createBillFromInstanceRequest = z
  .object({
    amount: cents.optional(),
    due_date: isoDate.optional(),
    payment_method: choice(PAYMENT_METHOD_VALUES).optional(),
    invoice_source: choice(INVOICE_SOURCE_VALUES).optional(),
    invoice_number: optionalText(100).optional(),
    invoice_date: isoDate.nullable().optional(),
    under_power_of_attorney: z.boolean().optional(),
    lines: z
      .array(
        z
          .object({
            account: guid,
            division: guid.nullable().optional(),
            memo: optionalText(500).optional(),
            amount: cents,
          })
          .strict(),
      )
      .min(1, 'Add at least one line.')
      .max(100)
      .optional(),
    draft: z.boolean().optional(),
  })
  .strict();
export type CreateBillFromInstanceRequest = z.input<typeof createBillFromInstanceRequest>;

// ---------------------------------------------------------------------------------------------
// Cash outflow and monthly overview (12 months from the current month)
// ---------------------------------------------------------------------------------------------

export const forecastQuery = z
  .object({ entity: z.union([guid, z.literal('all-entities')]).optional() })
  .strict();

const categoryAmount = z.object({
  category: z.enum(COMMITMENT_CATEGORY_VALUES),
  /** Sum of the instances' expected amounts (variable ones count 0). */
  committed: z.number().int(),
  /** Instances in that month and category. */
  count: z.number().int(),
  /** Of which variable (amount unknown, counted as 0). */
  variable_count: z.number().int(),
});

/**
 * One month: `committed` = expected amounts of the instances due that month (skipped ones excluded);
 * `paid` = bills linked to commitments paid that month (by paid date); `pending` = bills linked to
 * commitments, neither paid nor rejected, due that month (earlier unpaid ones count in the first month).
 */
export const cashOutflowMonth = z.object({
  month: z.string(),
  committed: z.number().int(),
  variable_count: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  by_category: z.array(categoryAmount),
});
export type CashOutflowMonth = z.infer<typeof cashOutflowMonth>;

export const cashOutflow = z.object({
  today: z.string(),
  entity: guid.nullable(),
  months: z.array(cashOutflowMonth),
  totals: z.object({
    committed: z.number().int(),
    paid: z.number().int(),
    pending: z.number().int(),
  }),
});
export type CashOutflow = z.infer<typeof cashOutflow>;

/**
 * The same 12 months as a table by category: each row a category with its committed amount per month
 * (same order as `months`), plus per month the instances by status.
 */
export const monthlyOverview = z.object({
  today: z.string(),
  entity: guid.nullable(),
  months: z.array(
    z.object({
      month: z.string(),
      committed: z.number().int(),
      paid: z.number().int(),
      pending: z.number().int(),
      instances: z.record(z.enum(COMMITMENT_INSTANCE_STATUS_VALUES), z.number().int()),
    }),
  ),
  categories: z.array(
    z.object({
      category: z.enum(COMMITMENT_CATEGORY_VALUES),
      committed: z.array(z.number().int()),
      total: z.number().int(),
    }),
  ),
});
export type MonthlyOverview = z.infer<typeof monthlyOverview>;

// ---------------------------------------------------------------------------------------------
// Notes
// ---------------------------------------------------------------------------------------------

/** Staff's working notes have one shape, on a commitment as on a bill. */
export const commitmentNote = billNote;
export type CommitmentNote = BillNote;
export const commitmentNoteList = billNoteList;
export const createCommitmentNoteRequest = createBillNoteRequest;
