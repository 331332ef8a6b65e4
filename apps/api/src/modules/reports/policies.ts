/**
 * Access policies of the report routes (DESIGN §5): staff of the client's organisation who see clients
 * read reports, and the client's own users read their client's; staff with reports.manage write them.
 * Client users never write reports (`staffOnly`).
 */

export const reportReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

export const reportManagePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'reports.manage',
  write: true,
  staffOnly: true,
} as const;

/** The organisation's reports across its clients: its staff who see clients. */
export const organizationReportPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'clients.view',
} as const;
