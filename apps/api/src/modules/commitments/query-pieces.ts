import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { commitments } from './tables.ts';

// Commitments as other modules count them (the onboarding checklist): a subquery, so a read stays one
// SQL statement without the table leaving this module.
export const commitmentRows = new QueryBuilder()
  .select(getTableColumns(commitments))
  .from(commitments)
  .as('commitment_rows');
