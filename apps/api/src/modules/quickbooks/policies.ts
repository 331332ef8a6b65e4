/**
 * Access policies of the QuickBooks routes (DESIGN §5, decision 035). Integrations are staff work: staff
 * of the client's organisation who see clients read the connection, syncs, exports and company files;
 * those with integrations.manage connect, disconnect, sync and manage company files. Client users never
 * reach them. QuickBooks' webhooks and the Web Connector are public routes that prove themselves (the
 * intuit-signature HMAC; the company file's login).
 */
export const quickbooksReadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
} as const;

export const quickbooksManagePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'integrations.manage',
  write: true,
  staffOnly: true,
} as const;

export const providerCallbackPolicy = { kind: 'public' } as const;
