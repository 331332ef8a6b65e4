export * from './schedule.ts';
export * from './status.ts';
