import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../ui/index.ts';
import { BanksTab, ContactsTab, DocumentsTab, PropertiesTab } from '../client-records/index.ts';
import { UsersTab } from '../client-users/index.ts';
import { EntitiesTab } from '../entities/index.ts';
import { ClientBillsTab } from './ClientBillsTab.tsx';

// Loaded when opened, so the books screens stay out of the clients page's chunk.
const BooksTab = lazy(() => import('../books/index.ts').then((m) => ({ default: m.BooksTab })));

export const CLIENT_TABS = [
  { value: 'entities', label: 'Entities' },
  { value: 'bills', label: 'Bills' },
  { value: 'users', label: 'Users' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'properties', label: 'Properties' },
  { value: 'documents', label: 'Documents' },
  { value: 'banks', label: 'Banks' },
  { value: 'books', label: 'Books' },
] as const;
type ClientTab = (typeof CLIENT_TABS)[number]['value'];
export const TAB_PARAM = 'tab';

function tabOf(value: string | null): ClientTab {
  return CLIENT_TABS.find((tab) => tab.value === value)?.value ?? 'entities';
}

/** The client's records, one tab each; the open tab is in the url (`?tab=users`) so it survives a reload. */
export function ClientTabs({ clientGuid }: { clientGuid: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get(TAB_PARAM));
  const panels: Record<ClientTab, ReactNode> = {
    entities: <EntitiesTab clientGuid={clientGuid} />,
    bills: <ClientBillsTab clientGuid={clientGuid} />,
    users: <UsersTab clientGuid={clientGuid} />,
    contacts: <ContactsTab clientGuid={clientGuid} />,
    properties: <PropertiesTab clientGuid={clientGuid} />,
    documents: <DocumentsTab clientGuid={clientGuid} />,
    banks: <BanksTab clientGuid={clientGuid} />,
    books: (
      <Suspense fallback={<LoadingState label="Loading books…" />}>
        <BooksTab clientGuid={clientGuid} />
      </Suspense>
    ),
  };
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, next: ClientTab) => setSearchParams({ [TAB_PARAM]: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Client records"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {CLIENT_TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`client-tab-${t.value}`}
            aria-controls={`client-panel-${t.value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`client-panel-${tab}`} aria-labelledby={`client-tab-${tab}`}>
        {panels[tab]}
      </Box>
    </>
  );
}
