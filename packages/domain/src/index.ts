/**
 * @bp/domain: the pure rules shared by every app. No dependencies, no I/O.
 */
export * from './enums/index.ts';
