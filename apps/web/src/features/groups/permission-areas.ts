import { humanize } from '@bp/domain';

export interface CatalogueEntry {
  slug: string;
  label: string;
}

export interface PermissionArea {
  area: string;
  label: string;
  permissions: CatalogueEntry[];
}

const AREA_LABELS: Readonly<Record<string, string>> = {
  organization: 'Organization',
  groups: 'Groups',
  staff: 'Staff',
  clients: 'Clients',
  client_users: 'Client users',
  entities: 'Entities',
  documents: 'Documents',
  institutions: 'Institutions',
  audit: 'Audit history',
  bills: 'Bills',
  vendors: 'Vendors',
  commitments: 'Commitments',
  reports: 'Reports',
  workflow: 'Workflow',
  integrations: 'Integrations',
};

/** The area of a slug is the part before the dot: `bills.approve_org` → `bills`. */
export function areaOf(slug: string): string {
  const dot = slug.indexOf('.');
  return dot === -1 ? slug : slug.slice(0, dot);
}

export function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? humanize(area);
}

/** The catalogue in areas, each area where its first permission stands, permissions in catalogue order. */
export function groupByArea(catalogue: readonly CatalogueEntry[]): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const entry of catalogue) {
    const area = areaOf(entry.slug);
    let group = areas.get(area);
    if (!group) {
      group = { area, label: areaLabel(area), permissions: [] };
      areas.set(area, group);
    }
    group.permissions.push(entry);
  }
  return [...areas.values()];
}

/** Same permissions, whatever the order or repeats: a save only sends permissions that changed. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((slug) => right.has(slug));
}
