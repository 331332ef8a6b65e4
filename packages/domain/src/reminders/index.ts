export * from './periods.ts';
