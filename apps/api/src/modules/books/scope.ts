import { asc, eq } from 'drizzle-orm';
import type { AuditActor } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { entityIdOf, entityList } from '../entities/index.ts';
import { userHasFeature } from '../users/index.ts';
import { forbidden, notFound } from './errors.ts';

/** The client a books call works on, as the access guard resolved it. */
export interface BooksClient {
  clientId: number;
  organizationId: number;
  via: 'staff' | 'client';
  userId: number;
  actor: AuditActor;
}

/** One entity's books, reached through its client. */
export interface BooksScope extends BooksClient {
  entityId: number;
  entityGuid: string;
}

/**
 * The entity's books for this caller: 404 when the client has no such entity; client users only with
 * their Books feature on (403 otherwise: they reach the client, not its books).
 */
export async function booksScopeOf(db: DbOrTx, client: BooksClient, entityGuid: string): Promise<BooksScope> {
  const entityId = await entityIdOf(db, client.clientId, entityGuid);
  if (entityId === null) throw notFound();
  if (client.via === 'client' && !(await userHasFeature(db, client.userId, 'BOOKS'))) {
    throw forbidden('Books are not enabled for you.', 'books_not_enabled');
  }
  return { ...client, entityId, entityGuid };
}

/** All of a client's entities' books (combined reports), for this caller: client users need Books. */
export interface ClientBooksScope extends BooksClient {
  entityIds: number[];
}

export async function clientBooksScopeOf(db: DbOrTx, client: BooksClient): Promise<ClientBooksScope> {
  if (client.via === 'client' && !(await userHasFeature(db, client.userId, 'BOOKS'))) {
    throw forbidden('Books are not enabled for you.', 'books_not_enabled');
  }
  const rows = await db
    .select({ id: entityList.id })
    .from(entityList)
    .where(eq(entityList.clientId, client.clientId))
    .orderBy(asc(entityList.id));
  return { ...client, entityIds: rows.map((r) => r.id) };
}
