import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

export interface OutlinedTextFieldProps {
  id: string;
  label: string;
  name?: string;
  value?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the `<input>` itself (readOnly, maxLength, inputMode…). */
  htmlInput?: Record<string, unknown>;
  /** Keeps the label above the input (a date input always shows its mask). */
  shrinkLabel?: boolean;
}

/**
 * MUI's outlined TextField, assembled from the parts MUI's TextField renders (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) with the same ids and aria wiring. TextField itself also imports the
 * filled and standard inputs and Select (with Menu, Popover and Modal) even when none is used: about
 * 15 KB gzipped on the sign-in page, which has only plain text fields (issue 12).
 */
export function OutlinedTextField({
  id,
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  type,
  autoComplete,
  autoFocus,
  disabled,
  error,
  helperText,
  endAdornment,
  htmlInput,
  shrinkLabel,
}: OutlinedTextFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    // MuiTextField-root: the class TextField's root carries, for styles that select it.
    <FormControl
      className="MuiTextField-root"
      fullWidth
      margin="normal"
      required={required}
      disabled={disabled}
      error={error}
    >
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth
        label={label}
        notched={shrinkLabel}
        endAdornment={endAdornment}
        inputProps={htmlInput}
        aria-describedby={helperTextId}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
