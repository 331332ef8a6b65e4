// /client-dashboard/{clientGuid} is its own chunk: the staff view adds the financial accounts and their
// record-balance form, which /dashboard's chunk (the household tabs) must not carry (bundle budget).
export { ClientDashboardForGuidPage } from './ClientDashboardForGuidPage.tsx';
