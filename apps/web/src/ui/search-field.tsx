import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import TextField from '@mui/material/TextField';

export type SearchFieldProps = Omit<TextFieldProps, 'slotProps' | 'type' | 'select'>;

/** A search box: a labelled `type="search"` text field with the search icon in front. */
export function SearchField(props: SearchFieldProps) {
  return (
    <TextField
      {...props}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
        htmlInput: { type: 'search' },
      }}
    />
  );
}
