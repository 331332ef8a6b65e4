import { type Entity, type PatchEntityRequest, patchEntityRequest } from '@bp/contracts';
import {
  changedFields,
  parseDollarsToCents,
  paymentThresholdToPercent,
  percentToPaymentThreshold,
  thresholdDollarsToCents,
  thresholdForForm,
  thresholdForSave,
} from '@bp/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The entity settings form (SPEC.md §3 "Entity settings", §5). Thresholds are typed as text: the
 * allowable payment threshold as a percent, the approval thresholds and the minimum balance in dollars.
 * Every conversion is one of @bp/domain's threshold and money rules; this file only wires them.
 */
export interface EntitySettingsValues {
  nickname: string;
  corporate_id: string;
  auto_approve: boolean;
  /** Percent with up to 3 decimals, e.g. '5.500'. */
  allowable_payment_threshold: string;
  client_pre_approval_required: boolean;
  /** Dollars. */
  client_pre_approval_threshold: string;
  enable_multiple_approvers: boolean;
  /** Dollars. */
  multiple_approver_threshold: string;
  /** Dollars. */
  minimum_account_balance: string;
  /** YYYY-MM-DD or ''. */
  filing_date: string;
  is_qbo_class: boolean;
  is_quickbooks_required: boolean;
}

export type EntitySettingsField = keyof EntitySettingsValues;

/** The settings as the form shows them. */
export function entitySettingsForm(entity: Entity): EntitySettingsValues {
  return {
    nickname: entity.nickname,
    corporate_id: entity.corporate_id ?? '',
    auto_approve: entity.allowable_payment_threshold !== null,
    allowable_payment_threshold: paymentThresholdToPercent(entity.allowable_payment_threshold),
    client_pre_approval_required: entity.client_pre_approval_required,
    client_pre_approval_threshold: entity.client_pre_approval_required
      ? thresholdForForm(entity.client_pre_approval_threshold)
      : '',
    enable_multiple_approvers: entity.enable_multiple_approvers,
    multiple_approver_threshold: entity.enable_multiple_approvers
      ? thresholdForForm(entity.multiple_approver_threshold)
      : '',
    minimum_account_balance: thresholdForForm(entity.minimum_account_balance),
    filing_date: entity.filing_date ?? '',
    is_qbo_class: entity.is_qbo_class,
    is_quickbooks_required: entity.is_quickbooks_required,
  };
}

export type EntitySettingsPayload = Required<
  Pick<
    PatchEntityRequest,
    | 'nickname'
    | 'corporate_id'
    | 'allowable_payment_threshold'
    | 'client_pre_approval_required'
    | 'client_pre_approval_threshold'
    | 'enable_multiple_approvers'
    | 'multiple_approver_threshold'
    | 'minimum_account_balance'
    | 'filing_date'
    | 'is_qbo_class'
    | 'is_quickbooks_required'
  >
>;

const PERCENT_PROBLEM = 'Enter a percent between 0 and 100, e.g. 5.5.';
const DOLLARS_PROBLEM = 'Enter an amount in dollars, e.g. 2,500.00.';
const NEGATIVE_PROBLEM = 'Enter an amount of 0 or more.';

/** Problems of typed text the conversions cannot read, by field. */
export function entitySettingsProblems(
  values: EntitySettingsValues,
): Partial<Record<EntitySettingsField, string>> {
  const problems: Partial<Record<EntitySettingsField, string>> = {};
  if (values.nickname.trim() === '') problems.nickname = 'This field is required.';
  if (values.auto_approve) {
    try {
      const fraction = percentToPaymentThreshold(true, values.allowable_payment_threshold);
      if (fraction === null || fraction < 0 || fraction > 1)
        problems.allowable_payment_threshold = PERCENT_PROBLEM;
    } catch {
      problems.allowable_payment_threshold = PERCENT_PROBLEM;
    }
  }
  const dollarFields = [
    ['client_pre_approval_threshold', values.client_pre_approval_required],
    ['multiple_approver_threshold', values.enable_multiple_approvers],
    ['minimum_account_balance', true],
  ] as const;
  for (const [field, used] of dollarFields) {
    const text = values[field].trim();
    if (!used || text === '') continue;
    const cents = parseDollarsToCents(text);
    if (cents === null) problems[field] = DOLLARS_PROBLEM;
    else if (cents < 0) problems[field] = NEGATIVE_PROBLEM;
  }
  return problems;
}

/**
 * Every setting as the API takes it (SPEC.md §5): the percent as a fraction with 5 decimals or null when
 * auto-approve is off; approval thresholds ×100 and 0 when blank or their flag is off.
 * Call only when {@link entitySettingsProblems} found none.
 */
export function entitySettingsPayload(values: EntitySettingsValues): EntitySettingsPayload {
  const corporateId = values.corporate_id.trim();
  return {
    nickname: values.nickname.trim(),
    corporate_id: corporateId === '' ? null : corporateId,
    allowable_payment_threshold: percentToPaymentThreshold(
      values.auto_approve,
      values.allowable_payment_threshold,
    ),
    client_pre_approval_required: values.client_pre_approval_required,
    client_pre_approval_threshold: thresholdForSave(
      values.client_pre_approval_required,
      values.client_pre_approval_threshold,
    ),
    enable_multiple_approvers: values.enable_multiple_approvers,
    multiple_approver_threshold: thresholdForSave(
      values.enable_multiple_approvers,
      values.multiple_approver_threshold,
    ),
    minimum_account_balance: thresholdDollarsToCents(values.minimum_account_balance),
    filing_date: values.filing_date === '' ? null : values.filing_date,
    is_qbo_class: values.is_qbo_class,
    is_quickbooks_required: values.is_quickbooks_required,
  };
}

/** Only what changed against the saved entity (SPEC.md §5): the body of the PATCH. */
export function entitySettingsPatch(
  saved: Entity,
  values: EntitySettingsValues,
): Partial<EntitySettingsPayload> {
  return changedFields(saved, entitySettingsPayload(values));
}

function toErrors(problems: Partial<Record<string, string>>): FieldErrors<EntitySettingsValues> {
  const errors: FieldErrors<EntitySettingsValues> = {};
  for (const [field, message] of Object.entries(problems)) {
    if (message) errors[field as EntitySettingsField] = { type: 'validation', message };
  }
  return errors;
}

/** Checks the typed text, then the changed fields against the API's own schema; submits the patch. */
export function entitySettingsResolver(
  saved: () => Entity,
): Resolver<EntitySettingsValues, unknown, Partial<EntitySettingsPayload>> {
  return async (values) => {
    const problems = entitySettingsProblems(values);
    if (Object.keys(problems).length > 0) return { values: {}, errors: toErrors(problems) };
    const patch = entitySettingsPatch(saved(), values);
    const parsed = patchEntityRequest.safeParse(patch);
    if (!parsed.success) {
      const found: Partial<Record<string, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'nickname');
        found[key] ??= issue.message;
      }
      return { values: {}, errors: toErrors(found) };
    }
    return { values: patch, errors: {} };
  };
}
