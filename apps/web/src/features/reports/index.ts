export {
  ClientOwnReportsPage,
  ClientReportsIndexPage,
  OrganizationReportsPage,
  StaffClientReportsPage,
} from './ReportsPages.tsx';
