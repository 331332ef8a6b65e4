import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './tables.ts';

/**
 * Users as other modules join and read them: a subquery (PostgreSQL folds it into the outer query), so a
 * read stays one SQL statement without the table leaving this module. Writes go through users' functions.
 */
export const userList = new QueryBuilder().select(getTableColumns(users)).from(users).as('user_list');
