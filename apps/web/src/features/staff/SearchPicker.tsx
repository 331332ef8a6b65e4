import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';

const PICKER_DEBOUNCE_MS = 300;

/** The text typed into a picker and whether its list is open; `search` is the text once typing pauses. */
export interface PickerQuery {
  open: boolean;
  setOpen: (open: boolean) => void;
  input: string;
  setInput: (input: string) => void;
  search: string;
}

/** `selectedLabel`: typing the chosen option's label back into the box is not a search. */
export function usePickerQuery(selectedLabel: string | null): PickerQuery {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const typed = input === selectedLabel ? '' : input.trim();
  const search = useDebouncedValue(typed, PICKER_DEBOUNCE_MS);
  return { open, setOpen, input, setInput, search };
}

export interface SearchPickerProps<T> {
  id: string;
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  query: PickerQuery;
  /** The server's answer for `query.search`. */
  options: readonly T[];
  loading: boolean;
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  optionDetail?: (option: T) => string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
}

/** An Autocomplete whose options the server filters (nothing is fetched until the list opens). */
export function SearchPicker<T>({
  id,
  label,
  value,
  onChange,
  query,
  options,
  loading,
  optionKey,
  optionLabel,
  optionDetail,
  disabled,
  size = 'medium',
  minWidth = 240,
}: SearchPickerProps<T>) {
  return (
    <Autocomplete<T, false, false, false>
      id={id}
      sx={{ minWidth, flexGrow: 1 }}
      size={size}
      open={query.open}
      onOpen={() => query.setOpen(true)}
      onClose={() => query.setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={query.input}
      onInputChange={(_event, next) => query.setInput(next)}
      options={[...options]}
      loading={loading}
      disabled={disabled}
      filterOptions={(all) => all}
      getOptionLabel={optionLabel}
      getOptionKey={optionKey}
      isOptionEqualToValue={(option, selected) => optionKey(option) === optionKey(selected)}
      loadingText="Searching…"
      noOptionsText="No matches"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography>{optionLabel(option)}</Typography>
              {optionDetail ? (
                <Typography variant="body2" color="text.secondary">
                  {optionDetail(option)}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
