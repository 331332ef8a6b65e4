const ROLE_LABELS: Record<string, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  member: 'Member',
  client: 'Client',
  designee: 'Designee',
  observer: 'Observer (view only)',
  reviewer: 'Reviewer',
  exec: 'Executive',
};

/** Roles arrive as slugs (`super_admin`); people read words. Unknown slugs still read sensibly. */
export function formatRole(role: string): string {
  const known = ROLE_LABELS[role];
  if (known) return known;
  const words = role.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A person as a name: 'Ada Lovelace', or the fallback when unknown (system actions). */
export function personName(
  person: { first_name: string; last_name: string } | null | undefined,
  fallback = 'System',
): string {
  if (!person) return fallback;
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name || fallback;
}
