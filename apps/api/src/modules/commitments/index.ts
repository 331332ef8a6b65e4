// What other modules may use of commitments (docs/architecture.md): never its tables or repo.
export { countCommitmentsOfVendors, repointCommitmentsToVendor } from './vendor-repoint.ts';
