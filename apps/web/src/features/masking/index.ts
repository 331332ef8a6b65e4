export { NonStaffUsersPage } from './NonStaffUsersPage.tsx';
