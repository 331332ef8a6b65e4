export { AddGroupPage, EditGroupPage } from './GroupPages.tsx';
export { GroupsPage } from './GroupsPage.tsx';
export { addGroupPath, editGroupPath } from './group-paths.ts';
export { GROUPS_PAGE_SIZE, groupsKey, useAllGroups, useGroups } from './groups-api.ts';
export { usePermissionCatalogue } from './usePermissionCatalogue.ts';
