// What other modules may use of commitments (docs/architecture.md): never its tables or repo.

// The 12-month forecast (committed, paid, pending by month and category), read by the cash-flow report.
export { cashOutflowOf } from './forecast.ts';
export { countCommitmentsOfVendors, repointCommitmentsToVendor } from './vendor-repoint.ts';
