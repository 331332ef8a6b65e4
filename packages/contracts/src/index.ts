export * from './accounts.ts';
export * from './auth.ts';
export * from './common.ts';
