export { AuditHistoryPage } from './AuditHistoryPage.tsx';
