export { MyOrganizationsPage } from './MyOrganizationsPage.tsx';
