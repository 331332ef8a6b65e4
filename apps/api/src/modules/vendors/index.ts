// What other modules and app.ts may use of vendors (docs/architecture.md): never its tables.
export { entityVendorHook, recordBankAccountChange } from './entity-vendor-hook.ts';
export { VERIFICATION_REQUIRED } from './errors.ts';
export { paymentHoldsOf, requireNoPaymentHold } from './hold.ts';
export { registerVendorMasterRoutes } from './routes.ts';
