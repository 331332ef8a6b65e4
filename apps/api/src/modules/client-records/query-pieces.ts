import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { bankContacts, clientInstitutions, contacts, documents, properties } from './tables.ts';

// A client's records as other modules count and join them (the onboarding checklist): subqueries
// (PostgreSQL folds them into the outer query), so a read stays one SQL statement without the tables
// leaving this module.
const qb = new QueryBuilder();

export const propertyRows = qb.select(getTableColumns(properties)).from(properties).as('property_rows');
export const contactRows = qb.select(getTableColumns(contacts)).from(contacts).as('contact_rows');
export const documentRows = qb.select(getTableColumns(documents)).from(documents).as('document_rows');
export const bankContactRows = qb
  .select(getTableColumns(bankContacts))
  .from(bankContacts)
  .as('bank_contact_rows');
export const clientInstitutionRows = qb
  .select(getTableColumns(clientInstitutions))
  .from(clientInstitutions)
  .as('client_institution_rows');
