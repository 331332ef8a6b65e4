export { ClientDashboardForGuidPage, clientDashboardPath } from './ClientDashboardForGuidPage.tsx';
export { ClientDashboardPage } from './ClientDashboardPage.tsx';
