// Every table of every module, for Drizzle's relational queries and drizzle-kit.
export * from './modules/auth/tables.ts';
export * from './modules/bill-messages/tables.ts';
export * from './modules/bills/tables.ts';
export * from './modules/client-records/tables.ts';
export * from './modules/clients/tables.ts';
export * from './modules/commitments/tables.ts';
export * from './modules/entities/tables.ts';
export * from './modules/groups/tables.ts';
export * from './modules/institutions/tables.ts';
export * from './modules/mfa/tables.ts';
export * from './modules/notifications/tables.ts';
export * from './modules/organizations/tables.ts';
export * from './modules/sanctions/tables.ts';
export * from './modules/tasks/tables.ts';
export * from './modules/users/tables.ts';
export * from './platform/audit/tables.ts';
export * from './platform/idempotency/tables.ts';
