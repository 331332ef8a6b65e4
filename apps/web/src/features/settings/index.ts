export { ConfirmDialog, useConfirmTarget } from './ConfirmDialog.tsx';
export { OrgSettingsPage } from './OrgSettingsPage.tsx';
export { NO_ORGANIZATION, WithOrganization } from './WithOrganization.tsx';
