import type { StaffUser } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type ClientOption, ClientPicker, StaffPicker } from '../staff/pickers.tsx';
import { isoOfTypedDate, OBJECT_TYPES, sentenceOf } from './audit-format.ts';
import type { EventLogFilters } from './useEventLogs.ts';

export const DATE_FORMAT_MESSAGE = 'Enter a date as MM/dd/yyyy.';

interface AuditFiltersProps {
  orgGuid: string;
  onChange: (filters: EventLogFilters) => void;
}

/**
 * Who, what kind of object, which client and which days. Dates are typed as MM/dd/yyyy and apply once
 * they are whole dates; a half-typed date filters nothing and says what it expects.
 */
export function AuditFilters({ orgGuid, onChange }: AuditFiltersProps) {
  const [user, setUser] = useState<StaffUser | null>(null);
  const [client, setClient] = useState<ClientOption | null>(null);
  const [objectType, setObjectType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const emit = (next: {
    user?: StaffUser | null;
    client?: ClientOption | null;
    objectType?: string;
    from?: string;
    to?: string;
  }) => {
    const values = { user, client, objectType, from, to, ...next };
    const dateFrom = isoOfTypedDate(values.from) ?? undefined;
    const dateTo = isoOfTypedDate(values.to) ?? undefined;
    onChange({
      user: values.user?.guid,
      client: values.client?.guid,
      object_type: values.objectType || undefined,
      date_from: dateFrom,
      // An end before the start is pointed out on the field, not sent.
      date_to: dateFrom && dateTo && dateTo < dateFrom ? undefined : dateTo,
    });
  };

  const fromIso = isoOfTypedDate(from);
  const toIso = isoOfTypedDate(to);
  const fromInvalid = fromIso === null;
  const toInvalid = toIso === null;
  const reversed = typeof fromIso === 'string' && typeof toIso === 'string' && toIso < fromIso;
  const any = user !== null || client !== null || objectType !== '' || from !== '' || to !== '';

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <StaffPicker
        orgGuid={orgGuid}
        label="User"
        value={user}
        onChange={(next) => {
          setUser(next);
          emit({ user: next });
        }}
      />
      <TextField
        select
        id="audit-object-type"
        label="Object type"
        value={objectType}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => {
          setObjectType(event.target.value);
          emit({ objectType: event.target.value });
        }}
      >
        <MenuItem value="">All object types</MenuItem>
        {OBJECT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {sentenceOf(type)}
          </MenuItem>
        ))}
      </TextField>
      <ClientPicker
        orgGuid={orgGuid}
        label="Client"
        value={client}
        onChange={(next) => {
          setClient(next);
          emit({ client: next });
        }}
      />
      <TextField
        id="audit-date-from"
        label="From"
        placeholder="MM/dd/yyyy"
        value={from}
        onChange={(event) => {
          setFrom(event.target.value);
          emit({ from: event.target.value });
        }}
        error={fromInvalid}
        helperText={fromInvalid ? DATE_FORMAT_MESSAGE : 'MM/dd/yyyy'}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
      <TextField
        id="audit-date-to"
        label="To"
        placeholder="MM/dd/yyyy"
        value={to}
        onChange={(event) => {
          setTo(event.target.value);
          emit({ to: event.target.value });
        }}
        error={toInvalid || reversed}
        helperText={
          toInvalid
            ? DATE_FORMAT_MESSAGE
            : reversed
              ? 'The end date must not be before the start date.'
              : 'MM/dd/yyyy'
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 56 }}>
        <Button
          disabled={!any}
          onClick={() => {
            setUser(null);
            setClient(null);
            setObjectType('');
            setFrom('');
            setTo('');
            onChange({});
          }}
        >
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
