/**
 * Access policies of the bank-feed routes (DESIGN §5, decision 036): staff who see the client and the
 * client's own users read the accounts; linking, repairing, syncing and disconnecting are for staff with
 * integrations.manage and for the client's users who may write its records (role client; the service
 * checks the role, observers never pass `write`).
 */
export const feedReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

export const feedLinkPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'integrations.manage',
  write: true,
} as const;

/** The aggregator's webhook: no session, verified by its signature. */
export const webhookPolicy = { kind: 'public' } as const;
