import { useApp } from '../app-context.tsx';
import { Loading } from '../ui/controls.tsx';
import { Screen } from '../ui/Screen.tsx';
import { ClientPicker } from './ClientPicker.tsx';
import { useClients, useSelectedClient } from './client-selection.ts';

/** Switch client: choosing one goes back to its bills. */
export function ClientsScreen() {
  const { nav } = useApp();
  const clients = useClients();
  const { choose } = useSelectedClient(clients.data?.results);
  return (
    <Screen title="Switch client">
      {clients.data ? (
        <ClientPicker
          clients={clients.data.results}
          onChoose={(guid) => {
            choose(guid);
            nav.reset();
          }}
        />
      ) : (
        <Loading label="Loading your clients" />
      )}
    </Screen>
  );
}
