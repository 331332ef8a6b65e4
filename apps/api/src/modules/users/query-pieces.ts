import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './tables.ts';

/**
 * Users as other modules join and read them: a subquery (PostgreSQL folds it into the outer query), so a
 * read stays one SQL statement without the table leaving this module. Writes go through users' functions.
 */
export const userList = new QueryBuilder().select(getTableColumns(users)).from(users).as('user_list');

/** The same piece under another name, for a query that joins users twice (an actor and a masker). */
export const userListAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select(getTableColumns(users)).from(users).as(name);

type UserListColumns = { [K in keyof typeof users.$inferSelect]: (typeof userList)[K] };

/**
 * Every column of `userList`, to select a whole user beside the caller's own row
 * (`select({ token: oneTimeTokens, user: userColumns })…innerJoin(userList, …)`); it reads as a `UserRow`.
 */
export const userColumns = Object.fromEntries(
  Object.keys(getTableColumns(users)).map((key) => [key, userList[key as keyof UserListColumns]]),
) as UserListColumns;
