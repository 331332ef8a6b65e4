import { BILL_MAX_LINES } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, useController, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { Choice } from '../../shared/form/choices.ts';
import { FormSelect } from '../../shared/form/FormSelect.tsx';
import {
  type BillFormValues,
  emptyLine,
  formatDollarsInput,
  LINES_MISMATCH,
  linesBalance,
} from './bill-form-values.ts';

export interface LinesEditorProps {
  control: Control<BillFormValues>;
  accounts: readonly Choice[];
  divisions: readonly Choice[];
  /** No entity chosen yet: accounts cannot be offered. */
  noEntity: boolean;
  disabled?: boolean;
}

function LineTextField({
  control,
  name,
  label,
  disabled,
  inputMode,
}: {
  control: Control<BillFormValues>;
  name: `lines.${number}.memo` | `lines.${number}.amount`;
  label: string;
  disabled?: boolean;
  inputMode?: 'decimal';
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      id={`bill-${name.replaceAll('.', '-')}`}
      label={label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={() => {
        if (inputMode === 'decimal') {
          const formatted = formatDollarsInput(field.value);
          if (formatted !== field.value) field.onChange(formatted);
        }
        field.onBlur();
      }}
      inputRef={field.ref}
      disabled={disabled}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      fullWidth
      size="small"
      slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
    />
  );
}

/** The bill's lines: account, division, memo and amount each, with the running total against the amount. */
export function LinesEditor({ control, accounts, divisions, noEntity, disabled }: LinesEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  // The server's message about the lines as a whole (e.g. their sum), set by applyApiErrors.
  const { errors } = useFormState({ control, name: 'lines' });
  const serverError = errors.lines?.type === 'server' ? errors.lines.message : undefined;
  const [amount, lines] = useWatch({ control, name: ['amount', 'lines'] });
  const balance = linesBalance(amount, lines);
  const mismatch = balance.amount !== null && !balance.balanced;

  return (
    <Box component="section" aria-labelledby="bill-lines-heading" sx={{ mt: 3 }}>
      <Typography id="bill-lines-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Lines
      </Typography>
      <Stack spacing={2}>
        {fields.map((line, index) => (
          <Box
            key={line.id}
            role="group"
            aria-label={`Line ${index + 1}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            {/* One row only on wide screens: in between, memo and amount get a row of their own so the
                memo and the labels are not squeezed to a few characters. */}
            <Grid container spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
                <FormSelect
                  control={control}
                  name={`lines.${index}.account`}
                  label="Account"
                  choices={accounts}
                  disabled={disabled || noEntity}
                  helperText={noEntity ? 'Choose an entity first.' : undefined}
                  size="small"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 2 }}>
                <FormSelect
                  control={control}
                  name={`lines.${index}.division`}
                  label="Division"
                  choices={divisions}
                  emptyLabel="None"
                  disabled={disabled || noEntity}
                  size="small"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 7, lg: 3 }}>
                <LineTextField
                  control={control}
                  name={`lines.${index}.memo`}
                  label="Memo"
                  disabled={disabled}
                />
              </Grid>
              <Grid size={{ xs: 10, sm: 4, lg: 2 }}>
                <LineTextField
                  control={control}
                  name={`lines.${index}.amount`}
                  label="Line amount ($)"
                  disabled={disabled}
                  inputMode="decimal"
                />
              </Grid>
              <Grid size={{ xs: 2, sm: 1, lg: 1 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Tooltip title={fields.length === 1 ? 'A bill needs at least one line' : 'Remove line'}>
                  <span>
                    <IconButton
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => remove(index)}
                      disabled={disabled || fields.length === 1}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Grid>
            </Grid>
          </Box>
        ))}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(emptyLine())}
          disabled={disabled || fields.length >= BILL_MAX_LINES}
        >
          Add line
        </Button>
        <Box role="status" aria-live="polite" sx={{ textAlign: { sm: 'right' } }}>
          <Typography component="span" sx={{ mr: 2 }}>
            Lines total: <strong>{formatMoney(balance.total)}</strong>
          </Typography>
          <Typography
            component="span"
            color={mismatch ? 'error' : 'text.secondary'}
            sx={{ fontWeight: mismatch ? 600 : undefined }}
          >
            Remaining: {balance.remaining === null ? '—' : formatMoney(balance.remaining)}
          </Typography>
        </Box>
      </Stack>
      {mismatch ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {LINES_MISMATCH} Adjust the lines until nothing remains.
        </Alert>
      ) : null}
      {serverError && !mismatch ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {serverError}
        </Alert>
      ) : null}
    </Box>
  );
}
