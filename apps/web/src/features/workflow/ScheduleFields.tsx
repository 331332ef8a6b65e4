import {
  MAX_DUE_BUSINESS_DAYS,
  REPORT_REMINDER_FREQUENCY_LABELS,
  REPORT_REMINDER_FREQUENCY_VALUES,
} from '@bp/domain';
import type { Control, FieldValues, UseFormSetError } from 'react-hook-form';
import { type Choice, choicesOf } from '../shared/form/choices.ts';
import { FormInput } from '../shared/form/FormInput.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';

/** How often a reminder or a task rule raises its task, when it is due, and who works it. */
export interface ScheduleValues {
  frequency: string;
  due_business_days: string;
  start_date: string;
  assignee: string;
  backup: string;
}

export const SCHEDULE_FIELDS = [
  'frequency',
  'due_business_days',
  'start_date',
  'assignee',
  'backup',
] as const;

/** The schedule and the people of a report reminder or a task rule, in the order both forms show them. */
export function ScheduleFields<T extends ScheduleValues & FieldValues>({
  control: typedControl,
  idPrefix,
  staffChoices,
}: {
  control: Control<T>;
  idPrefix: string;
  staffChoices: readonly Choice[];
}) {
  // react-hook-form cannot prove a literal name is a Path of a generic T; ScheduleValues guarantees it.
  const control = typedControl as unknown as Control<ScheduleValues>;
  return (
    <>
      <FormSelect
        control={control}
        name="frequency"
        label="Frequency"
        idPrefix={idPrefix}
        required
        choices={choicesOf(REPORT_REMINDER_FREQUENCY_VALUES, REPORT_REMINDER_FREQUENCY_LABELS)}
      />
      <FormInput
        control={control}
        name="due_business_days"
        label={`Due (business days after the period ends, 0 to ${MAX_DUE_BUSINESS_DAYS})`}
        idPrefix={idPrefix}
        inputMode="numeric"
        required
      />
      <FormInput
        control={control}
        name="start_date"
        label="First period contains"
        idPrefix={idPrefix}
        type="date"
        required
      />
      <FormSelect
        control={control}
        name="assignee"
        label="Assignee"
        idPrefix={idPrefix}
        emptyLabel="Nobody"
        choices={staffChoices}
      />
      <FormSelect
        control={control}
        name="backup"
        label="Backup"
        idPrefix={idPrefix}
        emptyLabel="Nobody"
        choices={staffChoices}
      />
    </>
  );
}

/**
 * Marks the due field when it is not a whole number (the API would say so too, but only after a round
 * trip, and a number input's browser check differs between browsers). Answers whether it was fine.
 */
export function dueDaysAreWhole<T extends ScheduleValues & FieldValues>(
  values: ScheduleValues,
  setError: UseFormSetError<T>,
): boolean {
  if (/^\d+$/.test(values.due_business_days.trim())) return true;
  (setError as unknown as UseFormSetError<ScheduleValues>)(
    'due_business_days',
    { message: 'Enter a whole number of business days.' },
    { shouldFocus: true },
  );
  return false;
}
