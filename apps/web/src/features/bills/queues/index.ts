export { BillingQueuesPage } from './BillingQueuesPage.tsx';
