/**
 * @bp/domain: the pure rules shared by every app. No dependencies, no I/O.
 */

export * from './decimal.ts';
export * from './enums/index.ts';
export * from './money.ts';
export * from './thresholds.ts';
