export { ArchivedClientsPage } from './ArchivedClientsPage.tsx';
export { ClientDetailPage } from './ClientDetailPage.tsx';
export { ClientsPage } from './ClientsPage.tsx';
export { SelectClientPage } from './SelectClientPage.tsx';
