import { COMMITMENT_FREQUENCY_LABELS, COMMITMENT_FREQUENCY_VALUES } from '@bp/domain';
import Grid from '@mui/material/Grid';
import { type Control, useWatch } from 'react-hook-form';
import { type Choice, choicesOf } from '../../shared/form/choices.ts';
import { FormInput } from '../../shared/form/FormInput.tsx';
import { FormSelect } from '../../shared/form/FormSelect.tsx';
import { MONTH_NAMES } from '../display.tsx';
import type { CommitmentFormValues } from './commitment-form-values.ts';

const FREQUENCY_CHOICES = choicesOf(COMMITMENT_FREQUENCY_VALUES, COMMITMENT_FREQUENCY_LABELS);
const MONTH_CHOICES: Choice[] = MONTH_NAMES.map((label, index) => ({ value: String(index + 1), label }));

/**
 * When a commitment falls due: its frequency, the due day for monthly ones, month and day for yearly
 * ones (the start date fixes the weekday of weekly ones), and the start and end dates.
 */
export function CommitmentScheduleFields({
  control,
  disabled,
}: {
  control: Control<CommitmentFormValues>;
  disabled: boolean;
}) {
  const frequency = useWatch({ control, name: 'frequency' });
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormSelect
          idPrefix="commitment"
          control={control}
          name="frequency"
          label="Frequency"
          choices={FREQUENCY_CHOICES}
          disabled={disabled}
          required
          helperText={
            frequency === 'weekly' || frequency === 'bi_weekly'
              ? 'The start date sets the weekday.'
              : undefined
          }
        />
      </Grid>
      {frequency === 'yearly' ? (
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormSelect
            idPrefix="commitment"
            control={control}
            name="due_month"
            label="Due month"
            choices={MONTH_CHOICES}
            disabled={disabled}
            required
          />
        </Grid>
      ) : null}
      {frequency === 'monthly' || frequency === 'yearly' ? (
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormInput
            idPrefix="commitment"
            control={control}
            name="due_day"
            inputMode="numeric"
            label="Due day"
            disabled={disabled}
            required
            helperText={
              frequency === 'monthly'
                ? 'Day of the month, 1 to 31 (31 means the last day).'
                : 'Day of the due month.'
            }
          />
        </Grid>
      ) : null}

      <Grid size={{ xs: 12, sm: 6 }}>
        <FormInput
          idPrefix="commitment"
          control={control}
          name="start_date"
          label="Start date"
          type="date"
          disabled={disabled}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormInput
          idPrefix="commitment"
          control={control}
          name="end_date"
          label="End date"
          type="date"
          disabled={disabled}
          helperText="Leave blank when it has no end."
        />
      </Grid>
    </>
  );
}
