import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { clientAssignments, clients, clientUsers } from './tables.ts';

// Clients, their users and staff assignments as other modules join them: subqueries (PostgreSQL folds them
// into the outer query), so a read stays one SQL statement without the tables leaving this module.
const qb = new QueryBuilder();

export const clientList = qb.select(getTableColumns(clients)).from(clients).as('client_list');

/** A client's users (link rows: role, approval limit). */
export const clientUserList = qb
  .select(getTableColumns(clientUsers))
  .from(clientUsers)
  .as('client_user_list');

/** Staff assigned (or backup) to a client. */
export const clientAssignmentList = qb
  .select(getTableColumns(clientAssignments))
  .from(clientAssignments)
  .as('client_assignment_list');
