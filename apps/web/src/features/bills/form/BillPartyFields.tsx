import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { FormSelect } from '../../shared/form/FormSelect.tsx';
import type { useBookChoiceLists } from '../../shared/form/useBookChoiceLists.ts';
import type { BillFormValues } from './bill-form-values.ts';
import { VendorPicker } from './VendorPicker.tsx';

export interface BillPartyFieldsProps {
  control: Control<BillFormValues>;
  clientGuid: string;
  entityGuid: string;
  books: ReturnType<typeof useBookChoiceLists>;
  disabled: boolean;
  /** A new entity has other vendors and accounts: the form clears them. */
  onEntityChanged: () => void;
}

/** Who the bill is between: the client's entity, and the vendor (found, or added on the spot). */
export function BillPartyFields({
  control,
  clientGuid,
  entityGuid,
  books,
  disabled,
  onEntityChanged,
}: BillPartyFieldsProps) {
  const { entities, vendors, entityChoices, vendorChoices } = books;
  const noEntity = entityGuid === '';
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          control={control}
          name="entity"
          label="Entity"
          choices={entityChoices}
          disabled={disabled}
          required
          helperText={
            entities.isPending
              ? 'Loading entities…'
              : entityChoices.length === 0
                ? 'This client has no active entities.'
                : undefined
          }
          onChanged={onEntityChanged}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <VendorPicker
          control={control}
          name="vendor"
          clientGuid={clientGuid}
          entityGuid={entityGuid}
          choices={vendorChoices}
          disabled={disabled || noEntity}
          required
          helperText={
            noEntity
              ? 'Choose an entity first.'
              : vendors.isError
                ? `The vendors could not be loaded. ${apiErrorMessage(vendors.error)}`
                : vendors.isPending
                  ? 'Loading vendors…'
                  : vendorChoices.length === 0
                    ? 'This entity has no active vendors.'
                    : undefined
          }
        />
      </Grid>
    </>
  );
}
