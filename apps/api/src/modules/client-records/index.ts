// What other modules and app.ts may use of client-records (docs/architecture.md): never its tables.

export { attachmentDisposition, checkDocumentUpload, sanitizeFileName } from './file-check.ts';
export { parentInstitutionInUse } from './parent-institution-use.ts';
