export * from './plan.ts';
export * from './types.ts';
