/**
 * The commitment form's values (what the user types) and the payloads they become
 * (contracts/commitments.ts). Field names are the API's, so a 400 `{field: [...]}` lands under its
 * field. The expected amount is typed in dollars and sent in cents through the domain's exact parser.
 */
import {
  type Commitment,
  type CommitmentDraft,
  type CreateCommitmentRequest,
  commitmentScheduleIssues,
  type PatchCommitmentRequest,
} from '@bp/contracts';
import {
  type CommitmentCategory,
  type CommitmentFrequency,
  centsToDollarsPlain,
  type PaymentMethod,
  parseDollarsToCents,
} from '@bp/domain';

export interface CommitmentFormValues {
  client: string;
  entity: string;
  vendor: string;
  category: CommitmentCategory | '';
  frequency: CommitmentFrequency | '';
  /** 1..31 as typed (monthly, yearly). */
  due_day: string;
  /** 1..12 (yearly). */
  due_month: string;
  /** yyyy-MM-dd */
  start_date: string;
  end_date: string;
  /** Dollars as typed, e.g. '1,234.56'. */
  expected_amount: string;
  is_variable: boolean;
  payment_method: PaymentMethod | '';
  account: string;
  division: string;
  memo: string;
  autopay: boolean;
}

export type CommitmentField = keyof CommitmentFormValues;

export const REQUIRED = 'This field is required.';
export const AMOUNT_PROBLEM = 'Enter an amount in dollars, e.g. 1,234.56.';
export const DAY_PROBLEM = 'Enter a day from 1 to 31.';
export const MAX_MEMO = 500;
const MAX_CENTS = 10 ** 13;

export function blankCommitmentForm(client = ''): CommitmentFormValues {
  return {
    client,
    entity: '',
    vendor: '',
    category: '',
    frequency: 'monthly',
    due_day: '',
    due_month: '',
    start_date: '',
    end_date: '',
    expected_amount: '',
    is_variable: false,
    payment_method: '',
    account: '',
    division: '',
    memo: '',
    autopay: false,
  };
}

type Prefill = Pick<
  CommitmentDraft,
  | 'entity'
  | 'vendor'
  | 'category'
  | 'frequency'
  | 'expected_amount'
  | 'is_variable'
  | 'due_day'
  | 'due_month'
  | 'start_date'
  | 'end_date'
  | 'payment_method'
  | 'account'
  | 'division'
  | 'memo'
  | 'autopay'
>;

function fromPrefill(client: string, v: Prefill): CommitmentFormValues {
  return {
    client,
    entity: v.entity,
    vendor: v.vendor,
    category: v.category,
    frequency: v.frequency,
    due_day: v.due_day === null ? '' : String(v.due_day),
    due_month: v.due_month === null ? '' : String(v.due_month),
    start_date: v.start_date.slice(0, 10),
    end_date: v.end_date?.slice(0, 10) ?? '',
    expected_amount: v.is_variable ? '' : centsToDollarsPlain(v.expected_amount),
    is_variable: v.is_variable,
    payment_method: v.payment_method,
    account: v.account ?? '',
    division: v.division ?? '',
    memo: v.memo,
    autopay: v.autopay,
  };
}

/** The form prefilled from a bill (GET .../commitments/from-bill/{billGuid}). */
export function draftToForm(client: string, draft: CommitmentDraft): CommitmentFormValues {
  return fromPrefill(client, draft);
}

/** The form prefilled from a saved commitment (edit). */
export function commitmentToForm(c: Commitment): CommitmentFormValues {
  return fromPrefill(c.client.guid, {
    ...c,
    entity: c.entity.guid,
    vendor: c.vendor.guid,
    account: c.account?.guid ?? null,
    division: c.division?.guid ?? null,
  });
}

const usesDay = (f: CommitmentFormValues['frequency']) => f === 'monthly' || f === 'yearly';

function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Cents of the typed expected amount; null when blank or not an amount. */
export function amountCents(text: string): number | null {
  return text.trim() === '' ? null : parseDollarsToCents(text);
}

/**
 * Problems by field, in the words shown under the fields: required fields; monthly needs a due day,
 * yearly a month and a day that exists in it; an amount unless variable; the end after the start.
 * The cross-field rules are the contract's own (commitmentScheduleIssues), so client and server agree.
 */
export function validateCommitmentForm(v: CommitmentFormValues): Partial<Record<CommitmentField, string>> {
  const problems: Partial<Record<CommitmentField, string>> = {};
  for (const field of [
    'client',
    'entity',
    'vendor',
    'category',
    'frequency',
    'start_date',
    'payment_method',
  ] as const) {
    if (v[field] === '') problems[field] = REQUIRED;
  }
  const day = parseWhole(v.due_day);
  const month = parseWhole(v.due_month);
  if (usesDay(v.frequency) && v.due_day.trim() !== '' && (day === null || day < 1 || day > 31)) {
    problems.due_day = DAY_PROBLEM;
  }
  if (v.frequency === 'yearly' && v.due_month !== '' && (month === null || month < 1 || month > 12)) {
    problems.due_month = 'Choose a month.';
  }
  let cents: number | null = null;
  if (!v.is_variable && v.expected_amount.trim() !== '') {
    cents = amountCents(v.expected_amount);
    if (cents === null || cents < 0 || cents >= MAX_CENTS) problems.expected_amount = AMOUNT_PROBLEM;
    else if (cents === 0) problems.expected_amount = 'Enter an amount greater than $0.00.';
  }
  if (v.memo.length > MAX_MEMO) problems.memo = `Keep the memo under ${MAX_MEMO} characters.`;
  if (v.frequency !== '') {
    const issues = commitmentScheduleIssues({
      frequency: v.frequency,
      due_day: problems.due_day ? 1 : day,
      due_month: problems.due_month ? 1 : month,
      expected_amount: problems.expected_amount ? 1 : cents,
      is_variable: v.is_variable,
      start_date: v.start_date || undefined,
      end_date: v.end_date || null,
    });
    for (const [field, message] of Object.entries(issues)) {
      const key = field as CommitmentField;
      if (!problems[key]) problems[key] = message;
    }
  }
  return problems;
}

/** POST body of a new commitment (or of one created from a bill). */
export function createCommitmentPayload(v: CommitmentFormValues): CreateCommitmentRequest {
  const day = usesDay(v.frequency) ? parseWhole(v.due_day) : null;
  return {
    entity: v.entity,
    vendor: v.vendor,
    category: v.category as CommitmentCategory,
    frequency: v.frequency as CommitmentFrequency,
    expected_amount: v.is_variable ? null : amountCents(v.expected_amount),
    is_variable: v.is_variable,
    due_day: day,
    due_month: v.frequency === 'yearly' ? parseWhole(v.due_month) : null,
    start_date: v.start_date,
    end_date: v.end_date === '' ? null : v.end_date,
    payment_method: v.payment_method as PaymentMethod,
    account: v.account === '' ? null : v.account,
    division: v.division === '' ? null : v.division,
    memo: v.memo.trim(),
    autopay: v.autopay,
  };
}

/** PATCH body: only the fields that differ from the saved commitment, plus the version seen; null when nothing changed. */
export function patchCommitmentPayload(
  saved: Commitment,
  v: CommitmentFormValues,
): PatchCommitmentRequest | null {
  const next = createCommitmentPayload(v);
  const before = createCommitmentPayload(commitmentToForm(saved));
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof CreateCommitmentRequest)[]) {
    if (key === 'entity' || key === 'vendor') {
      if (next[key] !== before[key]) patch[key] = next[key];
      continue;
    }
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) patch[key] = next[key];
  }
  if (Object.keys(patch).length === 0) return null;
  // The schedule rules are checked on the merged result: send the schedule fields together.
  if (['frequency', 'due_day', 'due_month'].some((k) => k in patch)) {
    patch.frequency = next.frequency;
    patch.due_day = next.due_day;
    patch.due_month = next.due_month;
  }
  if ('expected_amount' in patch || 'is_variable' in patch) {
    patch.expected_amount = next.expected_amount;
    patch.is_variable = next.is_variable;
  }
  return { ...(patch as PatchCommitmentRequest), version: saved.version };
}
