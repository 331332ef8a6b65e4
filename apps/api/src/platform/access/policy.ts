import type { ClientMode, Permission } from '@bp/domain';
import type { Db, DbOrTx } from '../db.ts';
import type { AccessPayload } from '../tokens.ts';

/**
 * Who may call a route (DESIGN.md §5). Every route declares one in `config.access`;
 * the app refuses to start when one is missing (deny by default).
 */
export type AccessPolicy =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Any signed-in user, optionally of one type. */
  | { kind: 'signedIn'; allowPasswordExpired?: boolean; userType?: 'bporg' | 'client' }
  /** Internal staff of the platform operator, never while masked. */
  | { kind: 'internalStaff' }
  /** Members of the organisation named by the path parameter, optionally holding a permission. */
  | { kind: 'organization'; param: string; roles?: readonly string[]; permission?: Permission }
  /**
   * Callers who reach the client named by the path parameter: staff of its organisation (holding
   * `permission` when given) or its own client users (unless `staffOnly`). `write` refuses observers.
   */
  | { kind: 'client'; param: string; permission?: Permission; write?: boolean; staffOnly?: boolean }
  /** The user named by the path parameter (`me` = the caller), or an admin of an organisation it belongs to. */
  | { kind: 'self'; param: string; allowPasswordExpired?: boolean };

export interface AuthUser {
  id: number;
  guid: string;
  email: string;
  type: 'bporg' | 'client';
  staff: 'admin' | 'member' | null;
  /** Advisor or family-office mode (SPEC §6): held to the mode's path allow-list. Absent = none. */
  mode?: ClientMode | null;
}

export interface AuthContext {
  user: AuthUser;
  claims: AccessPayload;
  /** The internal staff member behind a mask session. */
  maskedBy: { id: number; guid: string } | null;
}

export interface OrganizationScope {
  id: number;
  guid: string;
  name: string;
  /** The caller's membership. */
  organizationUserId: number;
  role: string;
  teamLabel: string | null;
  permissions: ReadonlySet<string>;
}

export interface ClientScope {
  id: number;
  guid: string;
  name: string;
  organizationId: number;
  archived: boolean;
  /** How the caller reaches the client. */
  via: 'staff' | 'client';
  /** Staff: their organisation scope. */
  organization: OrganizationScope | null;
  /** Client users: their place on the client. */
  clientUserId: number | null;
  clientRole: string | null;
}

/** The signed-in user behind verified claims, or why the session is unusable. */
export type SessionCheck =
  | { ok: true; user: AuthUser; maskedBy: AuthContext['maskedBy'] }
  | { ok: false; reason: 'user_inactive' | 'session_ended' };

/** What a route's policy needs read besides the session: nothing, an organisation, or a client. */
export type AccessTarget =
  | { kind: 'none' }
  | { kind: 'organization'; orgGuid: string }
  | { kind: 'client'; clientGuid: string };

/**
 * The guard's one read: the session check, and for a target its scope (`organization` is also the staff
 * caller's membership of a client's organisation), and whether the caller accepted the terms.
 */
export interface AccessReading {
  session: SessionCheck;
  organization: OrganizationScope | null;
  client: ClientScope | null;
  acceptedTerms: boolean;
}

/**
 * What the guard asks of the modules that own users, sessions, memberships and clients. The platform
 * sits below every module, so it cannot read their tables: `modules/access` implements this and app.ts
 * passes it in.
 */
export interface AccessDirectory {
  /** The session check and the target's scope, in one statement (the guard calls only this per request). */
  read(db: Db, claims: AccessPayload, target: AccessTarget): Promise<AccessReading>;
  /** Is the session of these verified claims still live, and whose is it? */
  checkSession(db: DbOrTx, claims: AccessPayload): Promise<SessionCheck>;
  /** The caller's active membership of an organisation, with its effective permissions. */
  membershipScope(db: DbOrTx, userId: number, where: { orgGuid: string }): Promise<OrganizationScope | null>;
  /** How the caller reaches a client, or null when it does not (another tenant's client). */
  clientScope(
    db: DbOrTx,
    caller: { id: number; type: 'bporg' | 'client' },
    clientGuid: unknown,
  ): Promise<ClientScope | null>;
  /** May the actor administer the account of the user with this guid (false when there is none)? */
  isAdminOfUserGuid(db: DbOrTx, actorUserId: number, targetGuid: string): Promise<boolean>;
  hasAcceptedTerms(db: DbOrTx, userId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    organization: OrganizationScope | null;
    client: ClientScope | null;
  }
}
