import type { OrgClient } from '@bp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { useOrgClientChoices } from '../../clients/useOrgClient.ts';
import { usePermissionCatalogue } from '../../groups/usePermissionCatalogue.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { useDebouncedValue } from '../../shared/useDebouncedValue.ts';
import { newBillPagePath } from '../shared/bill-api.ts';

const CLIENT_SEARCH_DEBOUNCE_MS = 300;

/**
 * Whether the signed-in staff member may enter bills in the selected organisation ('bills.create',
 * from role, team level and groups), so "New bill" is offered only where the API will accept it.
 */
export function useCanCreateBills(): boolean {
  const { organization } = useSession();
  const catalogue = usePermissionCatalogue(organization?.guid ?? null);
  return catalogue.data?.effective_permissions.includes('bills.create') ?? false;
}

export interface NewBillButtonProps {
  /** The client the bill is for, when the screen knows it; otherwise the button asks for it. */
  clientGuid?: string | undefined;
}

/**
 * "New bill": straight to the client's bill form when the client is known, else a dialog asks which
 * client first. Nothing is shown to staff who may not enter bills.
 */
export function NewBillButton({ clientGuid }: NewBillButtonProps) {
  const canCreate = useCanCreateBills();
  const [choosing, setChoosing] = useState(false);
  if (!canCreate) return null;
  if (clientGuid) {
    return (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={RouterLink}
        to={newBillPagePath(clientGuid)}
      >
        New bill
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        aria-haspopup="dialog"
        onClick={() => setChoosing(true)}
      >
        New bill
      </Button>
      {choosing ? <ChooseClientDialog onClose={() => setChoosing(false)} /> : null}
    </>
  );
}

/**
 * Asks which client a new bill is for: a client search (typed text narrows the organisation's clients on
 * the server; arrows and Enter pick one), then Continue opens that client's bill form. Mounted only while
 * open, so each opening starts empty.
 */
export function ChooseClientDialog({ onClose }: { onClose: () => void }) {
  const { organization } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const [client, setClient] = useState<OrgClient | null>(null);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Typing the chosen client's name back into the box is not a search.
  const typed = client && input === client.name ? '' : input.trim();
  const search = useDebouncedValue(typed, CLIENT_SEARCH_DEBOUNCE_MS);
  const choices = useOrgClientChoices(organization?.guid ?? '', search);
  // Until the typed text has been searched, the list on screen answers an older search: offering it
  // would let a quick Enter pick a client the typed name does not match.
  const searching = typed !== search || (choices.isFetching && !choices.data);
  const options = searching ? [] : (choices.data?.results ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client) {
      setProblem('Choose the client the bill is for.');
      inputRef.current?.focus();
      return;
    }
    void navigate(newBillPagePath(client.guid));
  };

  const helper =
    problem ??
    (choices.isError ? `The clients could not be loaded. ${apiErrorMessage(choices.error)}` : undefined);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>New bill</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Which client is the bill for?</DialogContentText>
          <Autocomplete<OrgClient, false, false, false>
            id="new-bill-client"
            value={client}
            onChange={(_event, next) => {
              setClient(next);
              setProblem(null);
            }}
            inputValue={input}
            onInputChange={(_event, next) => setInput(next)}
            options={options}
            loading={searching || choices.isFetching}
            // The server already filtered by the typed text.
            filterOptions={(all) => all}
            getOptionLabel={(option) => option.name}
            getOptionKey={(option) => option.guid}
            isOptionEqualToValue={(option, selected) => option.guid === selected.guid}
            loadingText="Searching…"
            noOptionsText={search ? 'No client matches.' : 'No clients yet.'}
            autoHighlight
            renderInput={(params) => (
              <TextField
                {...params}
                label="Client"
                inputRef={inputRef}
                required
                autoFocus
                error={helper !== undefined}
                helperText={helper ?? 'Type to search by name.'}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Continue
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
