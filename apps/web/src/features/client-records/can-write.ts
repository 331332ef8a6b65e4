import { isReadOnlyRole } from '@bp/domain';

/** Client-side roles that may add and edit the client's records on the client's own screens. */
const WRITER_ROLES: ReadonlySet<string> = new Set(['client']);

/**
 * The one rule for write controls on client screens (add, edit, delete, upload): only the client role.
 * Observers never write (SPEC.md §6 "view-only"); designees, reviewers and executives read for now.
 */
export function canWrite(role: string | null | undefined): boolean {
  if (!role || isReadOnlyRole(role)) return false;
  return WRITER_ROLES.has(role);
}
