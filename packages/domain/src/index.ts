/**
 * @bp/domain: the pure rules shared by every app. No dependencies, no I/O.
 */

export * from './app-links.ts';
export * from './approvals/index.ts';
export * from './books.ts';
export * from './books-feeder.ts';
export * from './business-days.ts';
export * from './calendar.ts';
export * from './changes.ts';
export * from './client-mode.ts';
export * from './commitments/index.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './decimal.ts';
export * from './enums/index.ts';
export * from './features.ts';
export * from './holidays.ts';
export * from './mfa.ts';
export * from './money.ts';
export * from './numbers.ts';
export * from './onboarding.ts';
export * from './payments.ts';
export * from './permissions.ts';
export * from './phone.ts';
export * from './reminders/index.ts';
export * from './staff.ts';
export * from './thresholds.ts';
export * from './uploads.ts';
export * from './years.ts';
