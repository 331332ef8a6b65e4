export { QboConnectPage } from './ConnectPage.tsx';
export { QuickbooksSection } from './QuickbooksSection.tsx';
export { QboSyncPage } from './SyncPage.tsx';
