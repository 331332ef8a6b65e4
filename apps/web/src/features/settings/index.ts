export { OrgSettingsPage } from './OrgSettingsPage.tsx';
export { NO_ORGANIZATION, WithOrganization } from './WithOrganization.tsx';
