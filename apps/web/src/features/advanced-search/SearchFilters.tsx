import { entitiesRoutes } from '@bp/contracts';
import { BILL_STATUS_LABELS, BILL_STATUS_VALUES, type BillStatus } from '@bp/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { type Control, Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useChoices } from '../client-records/index.ts';
import { ClientPicker } from '../staff/index.ts';
import { DATE_RANGES, EMPTY_SEARCH_FORM, type SearchForm, searchForm } from './search-params.ts';

export type SearchScope = { kind: 'organization'; orgGuid: string } | { kind: 'client'; clientGuid: string };

interface SearchFiltersProps {
  scope: SearchScope;
  /** The filters in the url; the form follows them (Back, a shared link). */
  values: SearchForm;
  onSearch: (values: SearchForm) => void;
  onClear: () => void;
}

/** The advanced-search form: checked before it searches, messages under the fields. */
export function SearchFilters({ scope, values, onSearch, onClear }: SearchFiltersProps) {
  const { control, handleSubmit, reset, setValue } = useForm<SearchForm>({
    resolver: zodResolver(searchForm),
    defaultValues: values,
  });
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the url, compared by value.
  useEffect(() => {
    reset(values);
  }, [valuesKey, reset]);

  const chosenClient = useWatch({ control, name: 'client' });
  const chosenClientName = useWatch({ control, name: 'client_name' });
  const entityClient = scope.kind === 'client' ? scope.clientGuid : chosenClient;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label="Search filters"
      onSubmit={handleSubmit(onSearch)}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          alignItems: 'start',
        }}
      >
        {scope.kind === 'organization' ? (
          <ClientPicker
            orgGuid={scope.orgGuid}
            label="Client"
            value={chosenClient ? { guid: chosenClient, name: chosenClientName || 'Selected client' } : null}
            onChange={(next) => {
              setValue('client', next?.guid ?? '');
              setValue('client_name', next?.name ?? '');
              setValue('entity', '');
            }}
          />
        ) : null}
        <EntityField control={control} clientGuid={entityClient} />
        <TextInput control={control} name="vendor" label="Vendor" />
        <TextInput control={control} name="invoice_number" label="Invoice number" />
        <TextInput control={control} name="memo" label="Memo" />
        <TextInput control={control} name="amount_min" label="Amount from" money />
        <TextInput control={control} name="amount_max" label="Amount to" money />
        <StatusField control={control} />
        {DATE_RANGES.map((range) => (
          <DateRange key={range.key} control={control} name={range.key} label={range.label} />
        ))}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button
          onClick={() => {
            reset(EMPTY_SEARCH_FORM);
            onClear();
          }}
        >
          Clear filters
        </Button>
      </Stack>
    </Paper>
  );
}

function TextInput({
  control,
  name,
  label,
  money = false,
  helperText,
}: {
  control: Control<SearchForm>;
  name: Path<SearchForm>;
  label: string;
  money?: boolean;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={`search-${name}`}
          label={label}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          slotProps={{
            htmlInput: money ? { inputMode: 'decimal', autoComplete: 'off' } : { autoComplete: 'off' },
            input: money
              ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
              : undefined,
          }}
        />
      )}
    />
  );
}

function DateRange({
  control,
  name,
  label,
}: {
  control: Control<SearchForm>;
  name: (typeof DATE_RANGES)[number]['key'];
  label: string;
}) {
  return (
    <>
      <TextInput control={control} name={`${name}_from`} label={`${label} from`} helperText="MM/dd/yyyy" />
      <TextInput control={control} name={`${name}_to`} label={`${label} to`} helperText="MM/dd/yyyy" />
    </>
  );
}

function StatusField({ control }: { control: Control<SearchForm> }) {
  return (
    <Controller
      control={control}
      name="status"
      render={({ field }) => (
        <TextField
          select
          id="search-status"
          label="Status"
          value={field.value}
          onChange={(event) => {
            const raw = event.target.value as unknown;
            field.onChange(typeof raw === 'string' ? raw.split(',') : (raw as BillStatus[]));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          fullWidth
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as BillStatus[];
                return list.length === 0
                  ? 'Any status'
                  : list.map((status) => BILL_STATUS_LABELS[status]).join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
        >
          {BILL_STATUS_VALUES.map((status) => (
            <MenuItem key={status} value={status}>
              <Checkbox size="small" checked={field.value.includes(status)} tabIndex={-1} disableRipple />
              <ListItemText primary={BILL_STATUS_LABELS[status]} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The entities of the chosen client; without a client (staff), every entity. */
function EntityField({ control, clientGuid }: { control: Control<SearchForm>; clientGuid: string }) {
  const entities = useChoices(
    { route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } },
    { enabled: clientGuid !== '' },
  );
  const options = entities.data?.results ?? [];
  return (
    <Controller
      control={control}
      name="entity"
      render={({ field }) => {
        const known = field.value === '' || options.some((option) => option.guid === field.value);
        return (
          <TextField
            select
            id="search-entity"
            label="Entity"
            value={entities.isSuccess || field.value === '' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={clientGuid === ''}
            helperText={clientGuid === '' ? 'Choose a client first.' : undefined}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All entities</MenuItem>
            {options.map((option) => (
              <MenuItem key={option.guid} value={option.guid}>
                {option.nickname}
              </MenuItem>
            ))}
            {entities.isSuccess && !known ? <MenuItem value={field.value}>Selected entity</MenuItem> : null}
          </TextField>
        );
      }}
    />
  );
}
