/**
 * Access policies of bank matching (DESIGN §5, decision 036): staff work the to-match list; client users
 * never see it (it names other people's bills and bank lines staff have not reviewed). Reading needs
 * clients.view; matching, undoing and asking for documents need bills.approve_payment (those who record
 * payments).
 */
export const matchReadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
} as const;

export const matchWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'bills.approve_payment',
  write: true,
  staffOnly: true,
} as const;
