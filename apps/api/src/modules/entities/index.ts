// What other modules may use of entities (docs/architecture.md): never its tables or repo.
export { display2Levels } from './accounts-service.ts';
export { createBankChartAccount } from './chart-accounts.ts';
export { clientUserVendorEntityConditions, designatedEntityCondition } from './client-user-limits.ts';
export { tenantOf } from './http/tenant-of.ts';
export {
  findImportTarget,
  type ImportAction,
  type ImportedListFields,
  type ImportedVendor,
  importListRecord,
  importVendor,
} from './imported-records.ts';
export { entityGuidsOf, entityIdOf } from './lookup.ts';
export { planPatch } from './patch.ts';
export {
  documentManagePolicy,
  documentUploadPolicy,
  managePolicy,
  readPolicy,
  recordWritePolicy,
} from './policies.ts';
export {
  accountList,
  designatedEntityList,
  designatedVendorList,
  divisionList,
  entityList,
  excludedVendorList,
  parentAccountList,
  vendorColumns,
  vendorList,
} from './query-pieces.ts';
export { scopedCrud } from './scoped-crud.ts';
export { createEntityService } from './service.ts';
export type { Tenant } from './tenant.ts';
export { auditWrite, requireRecordWriter } from './tenant.ts';
export {
  lockPayeeVendor,
  lockVendorsById,
  lockVendorsOfParents,
  markVendorVerified,
  requireVendorVerification,
  retireVendorInto,
  setVendorActive,
  setVendorsParent,
  VENDOR_PAYMENT_DETAIL_FIELDS,
  type VendorRow,
  type VendorWriteHook,
} from './vendor-writes.ts';
export { maskTaxId } from './vendors-service.ts';
