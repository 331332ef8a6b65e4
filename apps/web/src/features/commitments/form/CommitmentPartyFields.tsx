import { COMMITMENT_CATEGORY_LABELS, COMMITMENT_CATEGORY_VALUES } from '@bp/domain';
import Grid from '@mui/material/Grid';
import type { UseFormReturn } from 'react-hook-form';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { type Choice, choicesOf } from '../../shared/form/choices.ts';
import { FormSelect } from '../../shared/form/FormSelect.tsx';
import { bookListHelper, type useBookChoiceLists } from '../../shared/form/useBookChoiceLists.ts';
import type { CommitmentFormValues } from './commitment-form-values.ts';

const CATEGORY_CHOICES = choicesOf(COMMITMENT_CATEGORY_VALUES, COMMITMENT_CATEGORY_LABELS);

export interface CommitmentPartyFieldsProps {
  form: UseFormReturn<CommitmentFormValues>;
  clients: { choices: readonly Choice[]; isError: boolean; error: unknown };
  /** The client is fixed (editing, from a bill, onboarding): shown, not changeable. */
  clientLocked: boolean;
  books: ReturnType<typeof useBookChoiceLists>;
  noClient: boolean;
  noEntity: boolean;
  disabled: boolean;
}

/** Who pays whom: the client, its entity, the vendor, and what kind of payment it is. */
export function CommitmentPartyFields({
  form,
  clients,
  clientLocked,
  books,
  noClient,
  noEntity,
  disabled,
}: CommitmentPartyFieldsProps) {
  const { control, setValue } = form;
  const { entities, vendors, entityChoices, vendorChoices } = books;
  const clientChoices = clients.choices;
  /** Another client or entity has other vendors and books: clear them. */
  const clearEntityFields = () => {
    setValue('vendor', '');
    setValue('account', '');
    setValue('division', '');
  };
  function entityHelper(): string | undefined {
    if (noClient) return 'Choose a client first.';
    if (entities.isError) return `The entities could not be loaded. ${apiErrorMessage(entities.error)}`;
    if (entities.isPending) return 'Loading entities…';
    return entityChoices.length === 0 ? 'This client has no active entities.' : undefined;
  }
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          idPrefix="commitment"
          control={control}
          name="client"
          label="Client"
          choices={clientChoices}
          disabled={disabled || clientLocked}
          required
          helperText={
            clients.isError ? `The clients could not be loaded. ${apiErrorMessage(clients.error)}` : undefined
          }
          onChanged={() => {
            setValue('entity', '');
            clearEntityFields();
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          idPrefix="commitment"
          control={control}
          name="entity"
          label="Entity"
          choices={entityChoices}
          disabled={disabled || noClient}
          required
          helperText={entityHelper()}
          onChanged={clearEntityFields}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          idPrefix="commitment"
          control={control}
          name="vendor"
          label="Vendor"
          choices={vendorChoices}
          disabled={disabled || noEntity}
          required
          helperText={bookListHelper('vendors', vendors, vendorChoices.length === 0, noEntity)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          idPrefix="commitment"
          control={control}
          name="category"
          label="Category"
          choices={CATEGORY_CHOICES}
          disabled={disabled}
          required
        />
      </Grid>
    </>
  );
}
