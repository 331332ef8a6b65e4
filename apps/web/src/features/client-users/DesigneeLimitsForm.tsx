import { type ClientUser, clientsRoutes, type Entity, type PatchClientUserRequest } from '@bp/contracts';
import { centsToDollarsPlain, isSameValue, parseDollarsToCents } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { listKey } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { fullNameOf } from './client-user-display.ts';
import { designeeLists } from './designee-lists.ts';
import type { VendorChoice } from './useClientVendors.ts';

export interface Selections {
  entities: string[];
  designated: string[];
  excluded: string[];
}

const AMOUNT_PROBLEM = 'Enter an amount in dollars, e.g. 5,000.00, or leave it blank for no limit.';

/** The limits form; only the parts that changed are saved. */
export function DesigneeLimitsForm({
  clientGuid,
  user,
  entities,
  vendors,
  initial,
  onClose,
}: {
  clientGuid: string;
  user: ClientUser;
  entities: readonly Entity[];
  vendors: readonly VendorChoice[];
  initial: Selections;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [amount, setAmount] = useState(
    user.approval_limit === 0 ? '' : centsToDollarsPlain(user.approval_limit),
  );
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState<Selections>(initial);
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (cents: number) => {
      const params = { clientGuid };
      const calls: Promise<unknown>[] = [];
      if (cents !== user.approval_limit) {
        const patch: PatchClientUserRequest = { approval_limit: cents };
        calls.push(
          api.call(clientsRoutes.patchAccountsClientUser, {
            params: { ...params, clientUserGuid: user.guid },
            body: patch,
          }),
        );
      }
      if (!isSameValue(selected.entities, initial.entities)) {
        calls.push(
          api.call(clientsRoutes.putAccountsClientDesignatedEntities, {
            params,
            body: { client_user: user.guid, entities: selected.entities },
          }),
        );
      }
      if (!isSameValue(selected.designated, initial.designated)) {
        calls.push(
          api.call(clientsRoutes.putAccountsClientDesignatedVendors, {
            params,
            body: { client_user: user.guid, vendors: selected.designated },
          }),
        );
      }
      if (!isSameValue(selected.excluded, initial.excluded)) {
        calls.push(
          api.call(clientsRoutes.putAccountsClientExcludedVendors, {
            params,
            body: { client_user: user.guid, vendors: selected.excluded },
          }),
        );
      }
      await Promise.all(calls);
      const lists = designeeLists(clientGuid);
      await Promise.all(
        [lists.users, lists.designatedEntities, lists.designatedVendors, lists.excludedVendors].map(
          (source) => queryClient.invalidateQueries({ queryKey: listKey(source) }),
        ),
      );
    },
    onMutate: () => setFormError(null),
    onSuccess: () => {
      toast.success('Limits saved.');
      onClose();
    },
    onError: (error) => setFormError(apiErrorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = amount.trim() === '' ? 0 : parseDollarsToCents(amount);
    if (cents === null || cents < 0) {
      setAmountProblem(AMOUNT_PROBLEM);
      return;
    }
    setAmountProblem(null);
    save.mutate(cents);
  };

  const entityOptions = entities.map((e) => e.guid);
  const entityName = new Map(entities.map((e) => [e.guid, e.nickname]));
  const vendorOptions = vendors.map((v) => v.guid);
  const vendorName = new Map(vendors.map((v) => [v.guid, `${v.name} (${v.entityNickname})`]));

  const vendorPicker = (key: 'designated' | 'excluded', label: string, helperText: string) => (
    <Autocomplete
      multiple
      id={`${id}-${key}`}
      options={vendorOptions}
      value={selected[key]}
      onChange={(_event, value) => setSelected((s) => ({ ...s, [key]: value }))}
      getOptionLabel={(guid) => vendorName.get(guid) ?? 'Unknown vendor'}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={helperText} margin="normal" />
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 1 }}>
          What {fullNameOf(user)} may approve. Empty lists mean every entity and every vendor.
        </DialogContentText>
        {formError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        <TextField
          id={`${id}-amount`}
          label="Largest amount ($)"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={amountProblem !== null}
          helperText={amountProblem ?? 'Bills above it need someone else. Blank means Unlimited.'}
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
        />
        <Autocomplete
          multiple
          id={`${id}-entities`}
          options={entityOptions}
          value={selected.entities}
          onChange={(_event, value) => setSelected((s) => ({ ...s, entities: value }))}
          getOptionLabel={(guid) => entityName.get(guid) ?? 'Unknown entity'}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField
              {...params}
              label="Designated entities"
              helperText="Entities whose bills this designee may approve."
              margin="normal"
            />
          )}
        />
        {vendorPicker('designated', 'Designated vendors', 'Vendors whose bills this designee may approve.')}
        {vendorPicker('excluded', 'Excluded vendors', 'Vendors whose bills this designee never sees.')}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save limits
        </Button>
      </DialogActions>
    </Box>
  );
}
