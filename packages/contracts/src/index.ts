export * from './accounts.ts';
export * from './auth.ts';
export * from './client-records.ts';
export * from './client-users.ts';
export * from './clients.ts';
export * from './common.ts';
export * from './entities.ts';
