import { QueryBuilder } from 'drizzle-orm/pg-core';
import { parentInstitutions } from './tables.ts';

/**
 * The shared institution list as other modules join it (client accounts show their parent institution):
 * a subquery, so a join stays one SQL statement without the table itself leaving this module.
 */
export const parentInstitutionList = new QueryBuilder()
  .select({
    id: parentInstitutions.id,
    guid: parentInstitutions.guid,
    name: parentInstitutions.name,
    isActive: parentInstitutions.isActive,
  })
  .from(parentInstitutions)
  .as('parent_institution_list');
