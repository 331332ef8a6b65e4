// What other modules may use of commitments (docs/architecture.md): never its tables or repo.

export { createCommitmentService } from './commitment-service.ts';
// The 12-month forecast (committed, paid, pending by month and category), read by the cash-flow report.
export { cashOutflowOf } from './forecast.ts';
export { commitmentRows } from './query-pieces.ts';
export { countCommitmentsOfVendors, repointCommitmentsToVendor } from './vendor-repoint.ts';
