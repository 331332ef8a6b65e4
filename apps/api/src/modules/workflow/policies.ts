/**
 * Access policies of the workflow routes (DESIGN §5). Reminders and their tasks are staff's work:
 * staff of the client's organisation who see clients read them, those with workflow.manage change
 * them; client users are refused (403: they reach the client, not its staff's work).
 */
export const reminderReadPolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'clients.view',
  staffOnly: true,
} as const;

export const reminderWritePolicy = {
  kind: 'client',
  param: 'clientGuid',
  permission: 'workflow.manage',
  write: true,
  staffOnly: true,
} as const;

/** The organisation's work lists across its clients. */
export const orgWorkflowPolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'clients.view',
} as const;

/** Assigning the organisation's work. */
export const orgWorkflowWritePolicy = {
  kind: 'organization',
  param: 'organizationGuid',
  permission: 'workflow.manage',
} as const;

/**
 * A client's tasks (GET /v1/accounts/clients/{id}/tasks): staff of its organisation who see clients, and
 * the client's own users (observers too: it is a read); what a client user sees is narrowed in the query
 * (task-reads.ts: bills it may see, no workflow tasks for a designee limited to designated entities).
 */
export const clientTasksPolicy = { kind: 'client', param: 'clientGuid', permission: 'clients.view' } as const;
