import { ALL_CLIENTS, ALL_ENTITIES } from '@bp/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface ClientEntityFiltersProps {
  /** Prefix of the two fields' ids (`{idPrefix}-client`, `{idPrefix}-entity`). */
  idPrefix: string;
  minWidth: number;
  /** The URL's values: a guid, or ALL_CLIENTS / ALL_ENTITIES. */
  client: string;
  entity: string;
  clients: { data?: { results: readonly { guid: string; name: string }[] } | undefined };
  entities: { data?: { results: readonly { guid: string; nickname: string }[] } | undefined };
  /** Why the clients could not be loaded, shown under the client field; undefined when they were. */
  clientsProblem?: string | undefined;
  /** A new client resets the entity (its entities are another client's); a new entity keeps the client. */
  onChange: (change: { client?: string; entity: string }) => void;
}

/**
 * The organisation-wide lists' client and entity filters (billing queues, commitments). A value not
 * (or not yet) among the choices shows as "All"; entities wait for a client to be chosen.
 * Two fields, no wrapper, so each page lays them out in its own filter row.
 */
export function ClientEntityFilters({
  idPrefix,
  minWidth,
  client,
  entity,
  clients,
  entities,
  clientsProblem,
  onChange,
}: ClientEntityFiltersProps) {
  const clientChosen = client !== ALL_CLIENTS;
  return (
    <>
      <TextField
        id={`${idPrefix}-client`}
        select
        label="Client"
        value={
          client === ALL_CLIENTS || clients.data?.results.some((c) => c.guid === client)
            ? client
            : ALL_CLIENTS
        }
        onChange={(event) => onChange({ client: event.target.value, entity: ALL_ENTITIES })}
        sx={{ minWidth }}
        helperText={clientsProblem}
        error={clientsProblem !== undefined}
      >
        <MenuItem value={ALL_CLIENTS}>All clients</MenuItem>
        {(clients.data?.results ?? []).map((c) => (
          <MenuItem key={c.guid} value={c.guid}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id={`${idPrefix}-entity`}
        select
        label="Entity"
        value={
          entity === ALL_ENTITIES || entities.data?.results.some((e) => e.guid === entity)
            ? entity
            : ALL_ENTITIES
        }
        onChange={(event) => onChange({ entity: event.target.value })}
        disabled={!clientChosen}
        helperText={clientChosen ? undefined : 'Choose a client to filter by entity.'}
        sx={{ minWidth }}
      >
        <MenuItem value={ALL_ENTITIES}>All entities</MenuItem>
        {(entities.data?.results ?? []).map((e) => (
          <MenuItem key={e.guid} value={e.guid}>
            {e.nickname}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
