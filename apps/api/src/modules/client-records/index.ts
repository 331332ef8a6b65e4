// What other modules and app.ts may use of client-records (docs/architecture.md): never its tables.

export {
  type ClientAccount,
  clientAccountByGuid,
  clientAccountById,
  ensureClientAccount,
  paidFromAccount,
} from './client-accounts.ts';
export { insertClientDocument } from './document-writes.ts';
export {
  checkDocumentUpload,
  detectDocumentType,
  sanitizeFileName,
} from './file-check.ts';
export { parentInstitutionInUse } from './parent-institution-use.ts';
export {
  bankContactRows,
  clientInstitutionRows,
  contactRows,
  documentRows,
  propertyRows,
} from './query-pieces.ts';
