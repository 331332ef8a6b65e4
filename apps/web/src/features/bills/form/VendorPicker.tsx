import { entitiesRoutes, type Vendor } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useSession } from '../../../session/session-context.ts';
import { listKey } from '../../client-records/usePagedList.ts';
import { usePermissionCatalogue } from '../../groups/usePermissionCatalogue.ts';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api-errors.ts';
import { type Choice, withCurrent } from '../../shared/form/choices.ts';

/** The last option of the list: opens the dialog that creates a vendor named as typed. */
interface AddOption {
  add: true;
  name: string;
}
type Option = Choice | AddOption;

const isAdd = (option: Option): option is AddOption => 'add' in option;
const addLabel = (name: string) => (name ? `Add vendor "${name}"` : 'Add vendor…');
const filterChoices = createFilterOptions<Choice>({ stringify: (choice) => choice.label });

/**
 * Whether the signed-in staff member may create vendors (the API's entities.manage or vendors.manage);
 * client users never may.
 */
function useCanAddVendors(): boolean {
  const { organization } = useSession();
  const catalogue = usePermissionCatalogue(organization?.guid ?? null);
  const held = catalogue.data?.effective_permissions ?? [];
  return held.includes('entities.manage') || held.includes('vendors.manage');
}

export interface VendorPickerProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  clientGuid: string;
  /** The entity whose vendors are offered and under which a new vendor is created. */
  entityGuid: string;
  choices: readonly Choice[];
  disabled?: boolean;
  required?: boolean;
  helperText?: ReactNode;
  /** The form the field belongs to: its id is `{idPrefix}-{name}`. */
  idPrefix?: string;
}

/**
 * The vendor field: type to search the entity's vendors, or add a vendor (staff allowed to) without
 * leaving the form; the new vendor is then chosen.
 */
export function VendorPicker<T extends FieldValues>({
  control,
  name,
  clientGuid,
  entityGuid,
  choices,
  disabled,
  required,
  helperText,
  idPrefix = 'bill',
}: VendorPickerProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const canAdd = useCanAddVendors();
  // The vendor just created, shown as chosen while the list is refetched.
  const [added, setAdded] = useState<Choice | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const options = useMemo(() => withCurrent([...choices], added), [choices, added]);
  const value = options.find((option) => option.value === field.value) ?? null;

  return (
    <>
      <Autocomplete<Option, false, false, false>
        id={`${idPrefix}-${name.replaceAll('.', '-')}`}
        options={options}
        value={value}
        onChange={(_event, next) => {
          if (next && isAdd(next)) setAdding(next.name);
          else field.onChange(next?.value ?? '');
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        filterOptions={(all, state) => {
          const found = filterChoices(all.filter((option) => !isAdd(option)) as Choice[], state);
          return canAdd ? [...found, { add: true, name: state.inputValue.trim() }] : found;
        }}
        getOptionLabel={(option) => (isAdd(option) ? addLabel(option.name) : option.label)}
        getOptionKey={(option) => (isAdd(option) ? '__add__' : option.value)}
        isOptionEqualToValue={(option, selected) =>
          !isAdd(option) && !isAdd(selected) && option.value === selected.value
        }
        noOptionsText="No vendor matches."
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={isAdd(option) ? { fontWeight: 600, color: 'primary.main' } : undefined}
            >
              {isAdd(option) ? addLabel(option.name) : option.label}
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Vendor"
            name={field.name}
            inputRef={field.ref}
            required={required}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? helperText}
          />
        )}
      />
      {adding !== null ? (
        <AddVendorDialog
          clientGuid={clientGuid}
          entityGuid={entityGuid}
          initialName={adding}
          onClose={() => setAdding(null)}
          onAdded={(vendor) => {
            setAdded({ value: vendor.guid, label: vendor.name });
            field.onChange(vendor.guid);
            setAdding(null);
          }}
        />
      ) : null}
    </>
  );
}

function AddVendorDialog({
  clientGuid,
  entityGuid,
  initialName,
  onClose,
  onAdded,
}: {
  clientGuid: string;
  entityGuid: string;
  initialName: string;
  onClose: () => void;
  onAdded: (vendor: Vendor) => void;
}) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [vendorName, setVendorName] = useState(initialName);
  const params = { clientGuid, entityGuid };
  const create = useMutation({
    mutationFn: (nameOfVendor: string) =>
      api.call(entitiesRoutes.postBillingClientEntityVendors, { params, body: { name: nameOfVendor } }),
    onSuccess: (vendor) => {
      void queryClient.invalidateQueries({
        queryKey: listKey({ route: entitiesRoutes.getBillingClientEntityVendors, params }),
      });
      onAdded(vendor);
    },
  });
  const nameError = create.isError ? fieldErrorMessage(create.error, 'name') : null;
  const otherError = create.isError && nameError === null ? apiErrorMessage(create.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The bill form around this dialog is a form too: its submit must not fire.
    event.stopPropagation();
    create.mutate(vendorName.trim());
  }

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="add-vendor-title"
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="add-vendor-title">Add vendor</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The vendor is added to this entity and chosen for the bill. Its address and tax details can be
            completed later.
          </DialogContentText>
          {otherError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {otherError}
            </Alert>
          ) : null}
          <TextField
            id="add-vendor-name"
            label="Vendor name"
            value={vendorName}
            onChange={(event) => setVendorName(event.target.value)}
            required
            fullWidth
            autoFocus
            error={nameError !== null}
            helperText={nameError}
            disabled={create.isPending}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add vendor
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
