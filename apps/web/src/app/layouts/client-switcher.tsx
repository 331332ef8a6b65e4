import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSession } from '../../session/session-context.ts';
import { useSessionState } from '../../session/session-state-context.ts';

/** The header dropdown that switches the selected client (hidden with a single client). */
export function ClientSwitcher() {
  const { snapshot } = useSessionState();
  const session = useSession();
  const { clients, client } = snapshot;
  if (clients.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label="Client"
      value={client?.guid ?? ''}
      onChange={(event) => {
        const picked = clients.find((item) => item.guid === event.target.value);
        if (picked) session.selectClient(picked);
      }}
      sx={{
        minWidth: 180,
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {clients.map((item) => (
        <MenuItem key={item.guid} value={item.guid}>
          {item.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
