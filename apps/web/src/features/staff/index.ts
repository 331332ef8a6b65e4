export { type ClientOption, ClientPicker, StaffPicker } from './pickers.tsx';
export { StaffUserPage } from './StaffUserPage.tsx';
export { staffKey } from './staff-api.ts';
export { personName } from './staff-labels.ts';
export { staffUserPagePath, UserManagementPage } from './UserManagementPage.tsx';
