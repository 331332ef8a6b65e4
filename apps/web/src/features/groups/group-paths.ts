export const SETTINGS_PATH = '/settings';
export const addGroupPath = (orgGuid: string) => `/settings/org-add-group/${orgGuid}`;
export const editGroupPath = (orgGuid: string, groupGuid: string) =>
  `/settings/org-edit-group/${orgGuid}/group/${groupGuid}`;
