/**
 * Books, continued (issue 17, decision 034): bank lines of an entity's bank and credit-card accounts,
 * feeder rules (filters and one action) with their preview and undoable batches, templates and template
 * groups (recurring entries) and pipelines (rules and templates run for a month). Amounts are integer
 * cents; a bank line's amount is signed as the bank shows it (money in positive, money out negative).
 */
import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';
import { optionalText, requiredText } from './fields.ts';

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.');
const cents = z
  .number('Enter an amount in cents.')
  .int('Enter whole cents.')
  .min(0, 'Enter an amount that is not negative.')
  .max(100_000_000_000_000, 'Enter a smaller amount.');
/** A percentage with at most two decimals, above 0 and at most 100. */
const percent = z
  .number('Enter a percentage.')
  .gt(0, 'Enter a percentage above 0.')
  .max(100, 'Enter a percentage of at most 100.')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Use at most two decimals.');
const accountRef = z.object({ guid, number: z.string().nullable(), name: z.string() });

/** `cleared`: matched to a paid bill, its clearing entry posted (issue 19, decision 037). */
export const BANK_LINE_STATUS_VALUES = ['pending', 'uncategorized', 'categorized', 'cleared'] as const;
export const FEEDER_DIRECTION_VALUES = ['any', 'in', 'out'] as const;

/** What a rule looks for. Text filters are case-insensitive; amounts are compared without their sign. */
export const feederFilters = z
  .object({
    description_contains: optionalText(200).optional(),
    /** Wildcards: `*` any characters, `?` one; the whole description must match. */
    description_matches: optionalText(200).optional(),
    counterparty_contains: optionalText(200).optional(),
    direction: z.enum(FEEDER_DIRECTION_VALUES).default('any'),
    amount_min: cents.nullable().optional(),
    amount_max: cents.nullable().optional(),
    bank_account: guid.nullable().optional(),
    date_from: isoDate.nullable().optional(),
    date_to: isoDate.nullable().optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.amount_min != null && f.amount_max != null && f.amount_min > f.amount_max)
      ctx.addIssue({
        code: 'custom',
        path: ['amount_max'],
        message: 'Enter a maximum not below the minimum.',
      });
    if (f.date_from && f.date_to && f.date_from > f.date_to)
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'Enter an end date not before the start.' });
    const narrowing =
      f.description_contains ??
      f.description_matches ??
      f.counterparty_contains ??
      f.amount_min ??
      f.amount_max;
    if (narrowing == null)
      ctx.addIssue({
        code: 'custom',
        path: ['description_contains'],
        message: 'Give the rule a description, counterparty or amount filter.',
      });
  });
export type FeederFilters = z.infer<typeof feederFiltersOut>;

export const feederSplit = z
  .object({
    account: guid,
    division: guid.nullable().optional(),
    property: guid.nullable().optional(),
    percent,
  })
  .strict();

/**
 * What a rule (or a user) does with a line: categorise it to one account or split by percentages (each
 * with a division), optionally attaching a vendor; or mark it as a transfer to another bank account.
 */
export const feederAction = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('categorize'),
      splits: z.array(feederSplit).min(1, 'Choose an account.').max(20, 'Split at most 20 ways.'),
      vendor: guid.nullable().optional(),
      memo: optionalText(500).optional(),
    })
    .strict()
    .refine((a) => Math.round(a.splits.reduce((s, x) => s + x.percent * 100, 0)) === 10_000, {
      path: ['splits'],
      message: 'The percentages must add up to 100.',
    }),
  z
    .object({
      type: z.literal('transfer'),
      account: guid,
      memo: optionalText(500).optional(),
    })
    .strict(),
]);
export type FeederAction = z.infer<typeof feederActionOut>;

/** Filters and actions as answered: plain shapes (a response is encoded, and transforms cannot be). */
const text = z.string().nullable().optional();
export const feederFiltersOut = z.object({
  description_contains: text,
  description_matches: text,
  counterparty_contains: text,
  direction: z.enum(FEEDER_DIRECTION_VALUES),
  amount_min: z.number().int().nullable().optional(),
  amount_max: z.number().int().nullable().optional(),
  bank_account: guid.nullable().optional(),
  date_from: z.string().nullable().optional(),
  date_to: z.string().nullable().optional(),
});
export const feederActionOut = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('categorize'),
    splits: z.array(
      z.object({
        account: guid,
        division: guid.nullable().optional(),
        property: guid.nullable().optional(),
        percent: z.number(),
      }),
    ),
    vendor: guid.nullable().optional(),
    memo: text,
  }),
  z.object({ type: z.literal('transfer'), account: guid, memo: text }),
]);

export const bankLine = z.object({
  guid,
  bank_account: accountRef,
  external_id: z.string(),
  date: z.string(),
  amount: z.number().int(),
  description: z.string(),
  counterparty: z.string().nullable(),
  check_number: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUS_VALUES),
  categorized_by: z.enum(['rule', 'manual', 'transfer_match', 'match']).nullable(),
  rule: z.object({ guid, name: z.string() }).nullable(),
  batch: guid.nullable(),
  entry: guid.nullable(),
  action: feederActionOut.nullable(),
  vendor: z.object({ guid, name: z.string() }).nullable(),
});
export type BankLine = z.infer<typeof bankLine>;
export const bankLineList = paged(bankLine);
export const bankLineListQuery = pageQuery.extend({
  account: guid.optional(),
  status: z.enum(BANK_LINE_STATUS_VALUES).optional(),
  batch: guid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const bankLineImportRequest = z
  .object({
    csv: z
      .string('Send the CSV file as text.')
      .min(1, 'The file is empty.')
      .max(2_000_000, 'The file is over 2 MB.'),
  })
  .strict();
/** Columns of a bank CSV: date, description, amount are required (see README "Books"). */
export const BANK_CSV_REQUIRED = ['date', 'description', 'amount'] as const;
export const bankLineImportResult = z.object({
  /** Lines new to the account, lines updated while pending, lines already known unchanged. */
  received: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with problems (nothing is saved when any row has one). */
  errors: z.array(z.object({ line: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
});
export type BankLineImportResult = z.infer<typeof bankLineImportResult>;

export const categorizeBankLineRequest = z.object({ action: feederAction }).strict();

export const feederRule = z.object({
  guid,
  name: z.string(),
  priority: z.number().int(),
  is_active: z.boolean(),
  filters: feederFiltersOut,
  action: feederActionOut,
  created_on: z.string(),
  updated_on: z.string(),
});
export type FeederRule = z.infer<typeof feederRule>;
export const feederRuleList = z.object({ results: z.array(feederRule) });

export const createFeederRuleRequest = z
  .object({
    name: requiredText(200),
    /** Lower runs first; left out, the rule goes last. */
    priority: z.number().int().min(1).max(100_000).optional(),
    is_active: z.boolean().default(true),
    filters: feederFilters,
    action: feederAction,
  })
  .strict();
export type CreateFeederRuleRequest = z.input<typeof createFeederRuleRequest>;
export const patchFeederRuleRequest = z
  .object({
    name: requiredText(200).optional(),
    priority: z.number().int().min(1).max(100_000).optional(),
    is_active: z.boolean().optional(),
    filters: feederFilters.optional(),
    action: feederAction.optional(),
  })
  .strict();

export const feederPreviewRequest = z.object({ filters: feederFilters, action: feederAction }).strict();
const posting = z.object({
  account: accountRef,
  division: guid.nullable(),
  debit: z.number().int(),
  credit: z.number().int(),
});
/** What a rule would do to the uncategorised lines it matches (the first 100 shown), before it is saved. */
export const feederPreview = z.object({
  count: z.number().int(),
  total: z.number().int(),
  /** Lines it matches that are categorised already: applying leaves them alone. */
  already_categorized: z.number().int(),
  results: z.array(z.object({ line: bankLine, postings: z.array(posting) })),
});
export type FeederPreview = z.infer<typeof feederPreview>;

export const feederApplyRequest = z
  .object({
    /** One rule; left out, every active rule in priority order (the first match wins). */
    rule: guid.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .strict();

export const feederBatch = z.object({
  guid,
  rule: z.object({ guid, name: z.string() }).nullable(),
  line_count: z.number().int(),
  total: z.number().int(),
  created_on: z.string(),
  undone_on: z.string().nullable(),
});
export type FeederBatch = z.infer<typeof feederBatch>;
export const feederBatchList = paged(feederBatch);
export const feederApplyResult = z.object({ batch: feederBatch.nullable(), categorized: z.number().int() });
export type FeederApplyResult = z.infer<typeof feederApplyResult>;

// Templates -------------------------------------------------------------------------------------

/** A template line: a fixed amount or a percentage of the run's base amount, on the debit or credit side. */
export const templateLine = z
  .object({
    account: guid,
    division: guid.nullable().optional(),
    side: z.enum(['debit', 'credit']),
    amount: cents.gt(0, 'Enter an amount above 0.').nullable().optional(),
    percent: percent.nullable().optional(),
    memo: optionalText(500).optional(),
  })
  .strict()
  .refine((l) => (l.amount == null) !== (l.percent == null), {
    path: ['amount'],
    message: 'Enter either an amount or a percentage.',
  });

const templateFields = {
  name: requiredText(200),
  memo: optionalText(500).optional(),
  group: guid.nullable().optional(),
  base_amount: cents.nullable().optional(),
  day_of_month: z.number().int().min(1).max(28).nullable().optional(),
  lines: z.array(templateLine).min(2, 'A template needs at least two lines.').max(100),
  is_active: z.boolean().optional(),
};
export const createTemplateRequest = z.object(templateFields).strict();
export type CreateTemplateRequest = z.input<typeof createTemplateRequest>;
export const patchTemplateRequest = z
  .object({
    name: templateFields.name.optional(),
    memo: templateFields.memo,
    group: templateFields.group,
    base_amount: templateFields.base_amount,
    day_of_month: templateFields.day_of_month,
    lines: templateFields.lines.optional(),
    is_active: templateFields.is_active,
  })
  .strict();

export const bookTemplate = z.object({
  guid,
  name: z.string(),
  memo: z.string().nullable(),
  group: z.object({ guid, name: z.string() }).nullable(),
  base_amount: z.number().int().nullable(),
  day_of_month: z.number().int().nullable(),
  lines: z.array(
    z.object({
      account: accountRef,
      division: guid.nullable(),
      side: z.enum(['debit', 'credit']),
      amount: z.number().int().nullable(),
      percent: z.number().nullable(),
      memo: z.string().nullable(),
    }),
  ),
  is_active: z.boolean(),
  /** Months (YYYY-MM) it has posted for, newest first (at most 24). */
  runs: z.array(z.object({ month: z.string(), entry: guid })),
  created_on: z.string(),
});
export type BookTemplate = z.infer<typeof bookTemplate>;
export const bookTemplateList = z.object({ results: z.array(bookTemplate) });

export const runTemplateRequest = z
  .object({ month, base_amount: cents.gt(0, 'Enter an amount above 0.').optional() })
  .strict();

export const templateGroup = z.object({ guid, name: z.string(), templates: z.number().int() });
export const templateGroupList = z.object({ results: z.array(templateGroup) });
export const createTemplateGroupRequest = z.object({ name: requiredText(200) }).strict();
export const runTemplateGroupRequest = z.object({ month }).strict();

/** The result of one step of a run: what it posted or categorised, or why it did not. */
export const stepResult = z.object({
  kind: z.enum(['rules', 'rule', 'template', 'template_group']),
  name: z.string(),
  status: z.enum(['done', 'skipped', 'failed']),
  message: z.string(),
  entries: z.array(guid),
  batch: guid.nullable(),
});
export type StepResult = z.infer<typeof stepResult>;
export const templateGroupRunResult = z.object({ results: z.array(stepResult) });

// Pipelines -------------------------------------------------------------------------------------

export const pipelineStepInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rules') }).strict(),
  z.object({ kind: z.literal('rule'), rule: guid }).strict(),
  z.object({ kind: z.literal('template'), template: guid }).strict(),
  z.object({ kind: z.literal('template_group'), group: guid }).strict(),
]);
export const createPipelineRequest = z
  .object({
    name: requiredText(200),
    steps: z.array(pipelineStepInput).min(1, 'Add at least one step.').max(50),
  })
  .strict();
export type CreatePipelineRequest = z.input<typeof createPipelineRequest>;
export const patchPipelineRequest = z
  .object({
    name: requiredText(200).optional(),
    steps: z.array(pipelineStepInput).min(1, 'Add at least one step.').max(50).optional(),
  })
  .strict();

export const pipelineRun = z.object({
  guid,
  month: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  results: z.array(stepResult),
  created_on: z.string(),
  finished_on: z.string().nullable(),
});
export type PipelineRun = z.infer<typeof pipelineRun>;
export const bookPipeline = z.object({
  guid,
  name: z.string(),
  steps: z.array(
    z.object({
      kind: z.enum(['rules', 'rule', 'template', 'template_group']),
      guid: guid.nullable(),
      name: z.string(),
    }),
  ),
  last_run: pipelineRun.nullable(),
  created_on: z.string(),
});
export type BookPipeline = z.infer<typeof bookPipeline>;
export const bookPipelineList = z.object({ results: z.array(bookPipeline) });
export const runPipelineRequest = z.object({ month }).strict();
export const pipelineRunList = z.object({ results: z.array(pipelineRun) });
