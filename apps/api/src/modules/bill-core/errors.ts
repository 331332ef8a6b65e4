import { DomainError, refusalsOf } from '../../platform/domain-errors.ts';

/** What bill-core refuses with (a bill out of sight, a payment step); the edge answers it. */
export class BillCoreError extends DomainError {}

export const { conflict, notFound } = refusalsOf(BillCoreError);
