import { type DateInput, formatDate, formatMoney } from '@bp/domain';
import Box from '@mui/material/Box';

/** Cents shown as '$1,234.56' (SPEC.md §9), tabular so columns of amounts line up. */
export function MoneyText({ cents }: { cents: number | null | undefined }) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(cents)}
    </Box>
  );
}

/** A date as MM/dd/yyyy (SPEC.md §9), or a dash when there is none. */
export function DateText({ value }: { value: DateInput }) {
  const text = formatDate(value);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text === '' ? '—' : text}
    </Box>
  );
}
