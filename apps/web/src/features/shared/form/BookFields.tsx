import Grid from '@mui/material/Grid';
import type { Control, FieldValues } from 'react-hook-form';
import type { Choice } from './choices.ts';
import { FormSelect } from './FormSelect.tsx';
import { bookListHelper } from './useBookChoiceLists.ts';

/** The account and division a commitment or a one-line bill is booked to. */
export interface BookValues {
  account: string;
  division: string;
}

export interface BookFieldsProps<T extends BookValues & FieldValues> {
  control: Control<T>;
  idPrefix: string;
  accounts: { choices: readonly Choice[]; query: { isError: boolean; isPending: boolean } };
  divisions: { choices: readonly Choice[]; query: { isError: boolean; isPending: boolean } };
  /** A bill needs an account; a commitment may leave it to each bill ('None'). */
  accountRequired?: boolean;
  /** Under the account when there is nothing else to say. */
  accountHint?: string;
  /** No entity chosen yet: the entity's books cannot be offered. */
  noEntity?: boolean;
  disabled?: boolean;
}

/** Account and division selects as two half-width grid items. */
export function BookFields<T extends BookValues & FieldValues>({
  control: typedControl,
  idPrefix,
  accounts,
  divisions,
  accountRequired = false,
  accountHint,
  noEntity = false,
  disabled,
}: BookFieldsProps<T>) {
  // react-hook-form cannot prove a literal name is a Path of a generic T; BookValues guarantees it.
  const control = typedControl as unknown as Control<BookValues>;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect
          idPrefix={idPrefix}
          control={control}
          name="account"
          label="Account"
          choices={accounts.choices}
          emptyLabel={accountRequired ? undefined : 'None'}
          required={accountRequired}
          disabled={disabled || noEntity}
          helperText={
            bookListHelper('accounts', accounts.query, accounts.choices.length === 0, noEntity) ?? accountHint
          }
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect
          idPrefix={idPrefix}
          control={control}
          name="division"
          label="Division"
          choices={divisions.choices}
          emptyLabel="None"
          disabled={disabled || noEntity}
          helperText={bookListHelper('divisions', divisions.query, divisions.choices.length === 0, noEntity)}
        />
      </Grid>
    </>
  );
}
