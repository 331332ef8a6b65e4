import type { BookAccount, FeederAction } from '@bp/contracts';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useVendorChoices } from '../shared/form/useBookChoices.ts';

/** What a user writes for a categorisation or a rule's action: percentages as typed. */
export interface ActionValues {
  type: 'categorize' | 'transfer';
  splits: { account: string; percent: string }[];
  transferAccount: string;
  vendor: string;
}

export const EMPTY_ACTION: ActionValues = {
  type: 'categorize',
  splits: [{ account: '', percent: '100' }],
  transferAccount: '',
  vendor: '',
};

/** An action as saved → the editor's values (e.g. a correction's action turned into a rule). */
export function actionValuesOf(action: FeederAction | null): ActionValues {
  if (!action) return EMPTY_ACTION;
  if (action.type === 'transfer')
    return { ...EMPTY_ACTION, type: 'transfer', transferAccount: action.account };
  return {
    type: 'categorize',
    splits: action.splits.map((s) => ({ account: s.account, percent: String(s.percent) })),
    transferAccount: '',
    vendor: action.vendor ?? '',
  };
}

/** The values as the API's action, or the message of what is missing (the API checks the rest). */
export function actionOf(values: ActionValues): { action: FeederAction } | { problem: string } {
  if (values.type === 'transfer') {
    if (!values.transferAccount) return { problem: 'Choose the account of the transfer.' };
    return { action: { type: 'transfer', account: values.transferAccount } };
  }
  if (values.splits.some((s) => !s.account)) return { problem: 'Choose an account for each split.' };
  const percents = values.splits.map((s) => Number(s.percent.replace('%', '')));
  if (percents.some((p) => !Number.isFinite(p) || p <= 0))
    return { problem: 'Enter a percentage above 0 for each split.' };
  if (Math.round(percents.reduce((s, p) => s + p * 100, 0)) !== 10_000)
    return { problem: 'The percentages must add up to 100.' };
  return {
    action: {
      type: 'categorize',
      splits: values.splits.map((s, i) => ({ account: s.account, percent: percents[i] ?? 0 })),
      vendor: values.vendor || null,
    },
  };
}

const accountLabel = (a: BookAccount) => (a.number ? `${a.number} ${a.name}` : a.name);

/**
 * Categorise to one account, split by percentages (the last split takes the rounding), or mark as a
 * transfer to another bank account; optionally attach a vendor.
 */
export function ActionEditor({
  value,
  onChange,
  accounts,
  bankAccount,
  clientGuid,
  entityGuid,
  idPrefix,
}: {
  value: ActionValues;
  onChange: (next: ActionValues) => void;
  accounts: BookAccount[];
  /** The line's own bank account (not offered as a transfer target). */
  bankAccount: string | null;
  clientGuid: string;
  entityGuid: string;
  idPrefix: string;
}) {
  const vendors = useVendorChoices(clientGuid, entityGuid);
  const active = accounts.filter((a) => a.is_active);
  const banks = active.filter(
    (a) => (a.subtype === 'bank' || a.subtype === 'credit_card') && a.guid !== bankAccount,
  );
  const setSplit = (index: number, patch: Partial<ActionValues['splits'][number]>) =>
    onChange({ ...value, splits: value.splits.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.type}
        onChange={(_e, type: ActionValues['type'] | null) => type && onChange({ ...value, type })}
        aria-label="What to do"
      >
        <ToggleButton value="categorize">Book to accounts</ToggleButton>
        <ToggleButton value="transfer">Transfer between accounts</ToggleButton>
      </ToggleButtonGroup>
      {value.type === 'transfer' ? (
        <TextField
          select
          id={`${idPrefix}-transfer`}
          label="Transfer to"
          value={value.transferAccount}
          onChange={(e) => onChange({ ...value, transferAccount: e.target.value })}
          helperText="The other account's matching line, if it has one, is categorised with it."
        >
          {banks.map((a) => (
            <MenuItem key={a.guid} value={a.guid}>
              {accountLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          {value.splits.map((split, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: splits have no identity but their place
            <Stack direction="row" spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
              <TextField
                select
                id={`${idPrefix}-split-${index}-account`}
                label={`Split ${index + 1} account`}
                value={split.account}
                onChange={(e) => setSplit(index, { account: e.target.value })}
                sx={{ flex: 1 }}
              >
                {active.map((a) => (
                  <MenuItem key={a.guid} value={a.guid}>
                    {accountLabel(a)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`${idPrefix}-split-${index}-percent`}
                label={`Split ${index + 1} percent`}
                value={split.percent}
                onChange={(e) => setSplit(index, { percent: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ width: 130 }}
              />
              {value.splits.length > 1 && (
                <IconButton
                  aria-label={`Remove split ${index + 1}`}
                  onClick={() => onChange({ ...value, splits: value.splits.filter((_, i) => i !== index) })}
                >
                  ×
                </IconButton>
              )}
            </Stack>
          ))}
          <Stack direction="row">
            <Button
              size="small"
              onClick={() => onChange({ ...value, splits: [...value.splits, { account: '', percent: '' }] })}
              disabled={value.splits.length >= 20}
            >
              Add split
            </Button>
          </Stack>
          <TextField
            select
            id={`${idPrefix}-vendor`}
            label="Vendor"
            value={value.vendor}
            onChange={(e) => onChange({ ...value, vendor: e.target.value })}
          >
            <MenuItem value="">None</MenuItem>
            {(vendors.data?.results ?? []).map((v) => (
              <MenuItem key={v.guid} value={v.guid}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
}
