// What other modules may use of institutions (docs/architecture.md): never its tables.
export { parentInstitutionList } from './query-pieces.ts';
