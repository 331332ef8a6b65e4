import type { PermissionCatalogue } from '@bp/contracts';
import type { Permission } from '@bp/domain';

/** GET path of what the signed-in user may do in the organisation (the permission catalogue). */
export const permissionsPath = (orgGuid: string) => `/v1/accounts/organizations/${orgGuid}/permissions`;

/** The permission catalogue answer of a staff member holding exactly `held`. */
export function permissionsHeld(held: Permission[]): PermissionCatalogue {
  return {
    catalogue: held.map((slug) => ({ slug, label: slug })),
    role: 'member',
    team_label: null,
    effective_permissions: held,
  };
}
