import type { CLIENT_USER_ORDERING_FIELDS, ClientUser } from '@bp/contracts';
import {
  CLIENT_RELATION_LABELS,
  type ClientRelation,
  labelOf,
  ROLE_LABELS,
  USER_STATUS_LABELS,
} from '@bp/domain';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { PageWindow } from '../../platform/pagination.ts';
import { containsAny } from '../../platform/search.ts';
import { userList } from '../users/index.ts';
import { clientUsers } from './tables.ts';

const columns = {
  link: clientUsers,
  user: {
    id: userList.id,
    guid: userList.guid,
    email: userList.email,
    firstName: userList.firstName,
    lastName: userList.lastName,
    status: userList.status,
  },
};
export type ClientUserRow = { link: typeof clientUsers.$inferSelect; user: { id: number } & UserFields };
type UserFields = {
  guid: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'pending' | 'active' | 'accepted' | 'pending_invite';
};

/** The API shape. The status is the person's: pending_invite until it accepts, then accepted. */
export function toClientUser({ link, user }: ClientUserRow): ClientUser {
  return {
    guid: link.guid,
    user: { guid: user.guid, email: user.email, first_name: user.firstName, last_name: user.lastName },
    role: link.role as ClientUser['role'],
    role_label: labelOf(ROLE_LABELS, link.role),
    client_relation: link.clientRelation as ClientRelation,
    client_relation_label: labelOf(CLIENT_RELATION_LABELS, link.clientRelation),
    status: user.status,
    status_label: labelOf(USER_STATUS_LABELS, user.status),
    nickname: link.nickname,
    should_update: link.shouldUpdate,
    is_qbo_class: link.isQboClass,
    approval_limit: link.approvalLimit,
    created_on: link.createdAt.toISOString(),
  };
}

type Ordering = { field: (typeof CLIENT_USER_ORDERING_FIELDS)[number]; desc: boolean };

function orderOf(ordering: Ordering): SQL[] {
  const dir = ordering.desc ? desc : asc;
  switch (ordering.field) {
    case 'email':
      return [dir(userList.email)];
    case 'role':
      return [dir(clientUsers.role), asc(userList.lastName)];
    case 'created_on':
      return [dir(clientUsers.createdAt)];
    default:
      return [dir(userList.lastName), dir(userList.firstName)];
  }
}

/** The client's users, searched by name, e-mail or nickname. */
export async function clientUsersOf(
  db: DbOrTx,
  clientId: number,
  options: { window: PageWindow; search?: string | undefined; ordering: Ordering },
) {
  const where = and(
    eq(clientUsers.clientId, clientId),
    containsAny(options.search, [
      userList.firstName,
      userList.lastName,
      userList.email,
      clientUsers.nickname,
    ]),
  );
  const [total] = await db
    .select({ n: count() })
    .from(clientUsers)
    .innerJoin(userList, eq(userList.id, clientUsers.userId))
    .where(where);
  const rows = await db
    .select(columns)
    .from(clientUsers)
    .innerJoin(userList, eq(userList.id, clientUsers.userId))
    .where(where)
    .orderBy(...orderOf(options.ordering), asc(clientUsers.id))
    .limit(options.window.limit)
    .offset(options.window.offset);
  return { count: total?.n ?? 0, results: rows.map(toClientUser) };
}

/** The client user with this guid on this client, or undefined (another client's is not there). */
export async function findClientUser(
  db: DbOrTx,
  clientId: number,
  clientUserGuid: string,
): Promise<ClientUserRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(clientUsers)
    .innerJoin(userList, eq(userList.id, clientUsers.userId))
    .where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.guid, clientUserGuid)));
  return row;
}

/** The client user by its id (after an insert or update). */
export async function clientUserById(db: DbOrTx, id: number): Promise<ClientUserRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(clientUsers)
    .innerJoin(userList, eq(userList.id, clientUsers.userId))
    .where(eq(clientUsers.id, id));
  return row;
}
