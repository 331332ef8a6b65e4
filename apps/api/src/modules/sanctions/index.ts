// What other modules may use of sanctions (docs/architecture.md): never its tables or repo.
export { screenPayee } from './screening.ts';
