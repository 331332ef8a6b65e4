import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** MUI's select needs a non-empty value for "no filter" so its label does not sit on the text. */
const ALL = '__all__';

export interface FilterOption {
  value: string;
  label: ReactNode;
}

/**
 * A list's filter drop-down: the "all" choice first (when `allLabel` is given) then the options.
 * `onChange` receives '' for the "all" choice; `value` undefined or '' shows it.
 */
export function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
  minWidth = 180,
  disabled,
}: {
  id: string;
  label: string;
  value: string | undefined;
  allLabel?: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  minWidth?: number;
  disabled?: boolean;
}) {
  return (
    <TextField
      id={id}
      select
      label={label}
      value={value || (allLabel === undefined ? '' : ALL)}
      onChange={(e) => onChange(e.target.value === ALL ? '' : e.target.value)}
      disabled={disabled}
      sx={{ minWidth }}
    >
      {allLabel === undefined ? null : <MenuItem value={ALL}>{allLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
