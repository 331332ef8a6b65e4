import { thresholdForForm, thresholdForSave } from '@bp/domain';

/** The approval flags and their thresholds (cents), under their API names. */
export interface ApprovalThresholds {
  client_pre_approval_required: boolean;
  client_pre_approval_threshold: number;
  enable_multiple_approvers: boolean;
  multiple_approver_threshold: number;
}

/**
 * SPEC §5, the one place the API applies it: a threshold is saved as 0 when its flag is off (or the
 * threshold is blank), otherwise as given. The cents go through the entity form's own helpers
 * (shown as dollars, saved ×100), so the API stores exactly what the form would save.
 */
export function thresholdToStore(flagOn: boolean, cents: number | null | undefined): number {
  return thresholdForSave(flagOn, thresholdForForm(cents));
}

/**
 * The flags and thresholds after `input` is applied to `current` (both flags and thresholds may be
 * missing from `input`): turning a flag off makes its threshold 0; a threshold sent while its flag
 * stays off is stored as 0.
 */
export function applyApprovalThresholds(
  current: ApprovalThresholds,
  input: Partial<ApprovalThresholds>,
): ApprovalThresholds {
  const preApproval = input.client_pre_approval_required ?? current.client_pre_approval_required;
  const multiple = input.enable_multiple_approvers ?? current.enable_multiple_approvers;
  return {
    client_pre_approval_required: preApproval,
    client_pre_approval_threshold: thresholdToStore(
      preApproval,
      input.client_pre_approval_threshold ?? current.client_pre_approval_threshold,
    ),
    enable_multiple_approvers: multiple,
    multiple_approver_threshold: thresholdToStore(
      multiple,
      input.multiple_approver_threshold ?? current.multiple_approver_threshold,
    ),
  };
}

export const NO_THRESHOLDS: ApprovalThresholds = {
  client_pre_approval_required: false,
  client_pre_approval_threshold: 0,
  enable_multiple_approvers: false,
  multiple_approver_threshold: 0,
};
