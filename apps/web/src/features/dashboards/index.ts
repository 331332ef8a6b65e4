export { ClientMetricsSection } from './ClientMetricsSection.tsx';
export { AssociateDashboardPage, ManagerDashboardPage } from './OrgDashboardPage.tsx';
