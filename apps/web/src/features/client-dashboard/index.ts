export { ClientDashboardPage } from './ClientDashboardPage.tsx';
