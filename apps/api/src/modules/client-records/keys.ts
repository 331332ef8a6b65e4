// Primary keys that other modules' tables reference (foreign keys). Only tables.ts files import this;
// everything else uses index.ts (docs/architecture.md). Kept apart so the schema loads without services.
import { clientInstitutions, documents, properties } from './tables.ts';

export const clientInstitutionsPrimaryKey = clientInstitutions.id;
export const documentsPrimaryKey = documents.id;

/** Books' journal lines name the property an amount is for (property expenses, decision 034). */
export const propertiesPrimaryKey = properties.id;
