/**
 * Access policies of the books routes (DESIGN §5, decision 030). Staff of the client's organisation who
 * see clients read the books, and client users read them when their Books feature is on (checked by
 * scope.ts, a policy cannot name a feature); staff with entities.manage keep them (accounts, journals,
 * periods, settings); client users never write.
 */
export const booksReadPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;

export const booksWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'entities.manage',
  write: true,
  staffOnly: true,
} as const;

/** Pins are the caller's own: anyone who reads the books may pin. */
export const booksPinPolicy = booksReadPolicy;

/** The account type catalogue is reference data: any signed-in user. */
export const cataloguePolicy = { kind: 'signedIn' } as const;
