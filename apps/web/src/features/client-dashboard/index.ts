export { ClientDashboardForGuidPage, clientDashboardPath } from './ClientDashboardForGuidPage.tsx';
export { ClientOverview, type OverviewViewer } from './ClientOverview.tsx';
