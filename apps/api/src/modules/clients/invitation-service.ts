import type { ClientUser, SendOnboardingInviteResponse, UserInvitationRequest } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientScope, OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { issueOneTimeToken, useUpTokens } from '../auth/index.ts';
import { actionEmail, enqueueEmail } from '../notifications/index.ts';
import { organizationList } from '../organizations/index.ts';
import {
  findUserByEmail,
  findUserById,
  insertInvitedUser,
  type UserRow,
  updateUser,
  userList,
} from '../users/index.ts';
import { assertMayManage } from './client-user-access.ts';
import { clientUserById, toClientUser } from './client-user-repo.ts';
import { auditScope, lockClientUser } from './client-user-service.ts';
import { notFound } from './errors.ts';
import { findOrgClient } from './repo.ts';
import { clients, clientUsers } from './tables.ts';

/** Invitations of client users, their resends, and the onboarding invitation of a client. */
export function createInvitationService({
  database,
  now,
  config,
}: Pick<AppDeps, 'database' | 'now' | 'config'>) {
  const { db } = database;

  /** The name of the organisation the client belongs to (client users reach it without an organisation scope). */
  async function organizationNameOf(tx: DbOrTx, scope: ClientScope): Promise<string | undefined> {
    if (scope.organization) return scope.organization.name;
    const [organization] = await tx
      .select({ name: organizationList.name })
      .from(organizationList)
      .where(eq(organizationList.id, scope.organizationId));
    return organization?.name;
  }

  /** An invitation link (new or reissued token) or, for someone who already has an account, a sign-in link. */
  async function sendInvitation(tx: DbOrTx, user: UserRow, scope: ClientScope, at: Date) {
    const clientName = scope.name;
    const organizationName = await organizationNameOf(tx, scope);
    const needsAccount = user.status === 'pending_invite' || !user.passwordHash;
    if (needsAccount) {
      const token = await issueOneTimeToken(tx, user.id, 'invite', at);
      const body = actionEmail({
        greeting: `Hello ${user.firstName || user.email},`,
        lines: [
          `You have been invited to review and approve bills for ${clientName}.`,
          'Create your account with the link below. It works once and expires in 7 days.',
        ],
        actionLabel: 'Create your account',
        actionUrl: `${config.publicUrl}/create-account?token=${token}`,
        organizationName,
      });
      await enqueueEmail(tx, {
        userId: user.id,
        to: user.email,
        subject: `Your invitation: ${clientName}`,
        ...body,
      });
      return;
    }
    const body = actionEmail({
      greeting: `Hello ${user.firstName || user.email},`,
      lines: [`You now have access to ${clientName}. Sign in with your existing account to see it.`],
      actionLabel: 'Sign in',
      actionUrl: `${config.publicUrl}/login`,
      organizationName,
    });
    await enqueueEmail(tx, {
      userId: user.id,
      to: user.email,
      subject: `You now have access to ${clientName}`,
      ...body,
    });
  }

  /** The person with this e-mail (created as a pending client user when there is none yet). */
  async function personFor(tx: DbOrTx, input: UserInvitationRequest, at: Date): Promise<UserRow> {
    const existing = await findUserByEmail(tx, input.email);
    if (existing?.type === 'bporg')
      throw invalid('email', 'This e-mail belongs to a staff account. Use another address.');
    if (existing && !existing.isActive) throw invalid('email', 'The account with this e-mail is disabled.');
    if (existing) {
      if (!existing.passwordHash && existing.status !== 'pending_invite') {
        await updateUser(tx, existing.id, { status: 'pending_invite' }, at);
        return { ...existing, status: 'pending_invite' };
      }
      return existing;
    }
    const created = await insertInvitedUser(
      tx,
      { email: input.email, firstName: input.first_name, lastName: input.last_name, type: 'client' },
      at,
      { ifNew: true },
    );
    // Lost a race with another invitation of the same address: its row is the person.
    const person = created ?? (await findUserByEmail(tx, input.email));
    if (person?.type !== 'client') throw invalid('email', 'This e-mail cannot be invited.');
    return person;
  }

  async function invite(
    scope: ClientScope,
    input: UserInvitationRequest,
    actor: AuditActor,
  ): Promise<ClientUser> {
    assertMayManage(scope, null, { role: input.role, limits: (input.approval_limit ?? 0) > 0 });
    if (scope.archived) throw invalid('client', 'This client is archived.');
    return db.transaction(async (tx) => {
      const at = now();
      const person = await personFor(tx, input, at);
      const [link] = await tx
        .insert(clientUsers)
        .values({
          clientId: scope.id,
          userId: person.id,
          role: input.role,
          clientRelation: input.client_relation,
          nickname: input.nickname || null,
          approvalLimit: input.approval_limit ?? 0,
          status: person.status === 'pending_invite' ? 'pending_invite' : 'active',
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: clientUsers.id, guid: clientUsers.guid });
      if (!link) throw invalid('email', 'This person is already a user of this client.');
      await sendInvitation(tx, person, scope, at);
      await recordAudit(tx, actor, {
        action: 'client_user_invited',
        objectType: 'client_user',
        objectGuid: link.guid,
        ...auditScope(scope),
        changes: diffFields(
          {},
          {
            email: person.email,
            role: input.role,
            client_relation: input.client_relation,
            nickname: input.nickname || null,
            approval_limit: input.approval_limit ?? 0,
          },
        ),
      });
      const row = await clientUserById(tx, link.id);
      if (!row) throw new Error('client user vanished');
      return toClientUser(row);
    });
  }

  return {
    /** POST .../clients/{clientGuid}/user-invitations */
    invite,

    /** POST /v1/accounts/organizations/{orgGuid}/client-invitations: the client named in the body. */
    async inviteToOrgClient(
      organization: OrganizationScope,
      input: UserInvitationRequest & { client: string },
      actor: AuditActor,
    ): Promise<ClientUser> {
      const found = await findOrgClient(db, organization.id, input.client);
      if (!found) throw notFound();
      const { client } = found;
      const scope: ClientScope = {
        id: client.id,
        guid: client.guid,
        name: client.name,
        organizationId: client.organizationId,
        archived: client.archivedAt !== null,
        via: 'staff',
        organization,
        clientUserId: null,
        clientRole: null,
      };
      return invite(scope, input, actor);
    },

    /** A new invitation link for someone who has not accepted yet; earlier links stop working. */
    async resend(scope: ClientScope, clientUserGuid: string, actor: AuditActor): Promise<ClientUser> {
      return db.transaction(async (tx) => {
        const row = await lockClientUser(tx, scope, clientUserGuid);
        assertMayManage(scope, { id: row.link.id, role: row.link.role }, {});
        if (row.user.status !== 'pending_invite')
          throw invalid('status', 'This person has already accepted the invitation.');
        const person = await findUserById(tx, row.user.id);
        if (!person?.isActive) throw invalid('status', 'The account of this person is disabled.');
        const at = now();
        await useUpTokens(tx, person.id, at);
        await sendInvitation(tx, person, scope, at);
        await recordAudit(tx, actor, {
          action: 'client_user_invitation_resent',
          objectType: 'client_user',
          objectGuid: clientUserGuid,
          ...auditScope(scope),
        });
        return toClientUser(row);
      });
    },

    /** E-mails the client's primary users a link to the onboarding checklist; records when. */
    async sendOnboardingInvite(
      organization: OrganizationScope,
      clientGuid: string,
      actor: AuditActor,
    ): Promise<SendOnboardingInviteResponse> {
      return db.transaction(async (tx) => {
        const found = await findOrgClient(tx, organization.id, clientGuid);
        if (!found) throw notFound();
        const { client } = found;
        if (client.archivedAt) throw invalid('client', 'This client is archived.');
        const primary = await tx
          .select({ id: userList.id, email: userList.email, firstName: userList.firstName })
          .from(clientUsers)
          .innerJoin(userList, eq(userList.id, clientUsers.userId))
          .where(
            and(
              eq(clientUsers.clientId, client.id),
              eq(clientUsers.clientRelation, 'primary'),
              eq(userList.isActive, true),
            ),
          )
          .orderBy(userList.email);
        if (primary.length === 0) throw invalid('client', 'This client has no primary user to invite.');
        const at = now();
        for (const person of primary) {
          const body = actionEmail({
            greeting: `Hello ${person.firstName || person.email},`,
            lines: [
              `${organization.name} invites you to complete the onboarding of ${client.name}.`,
              'The checklist takes you through your entities, banks, contacts, properties and app users.',
            ],
            actionLabel: 'Start onboarding',
            actionUrl: `${config.publicUrl}/client-onboarding/client`,
            organizationName: organization.name,
          });
          await enqueueEmail(tx, {
            userId: person.id,
            to: person.email,
            subject: `Complete the onboarding of ${client.name}`,
            ...body,
          });
        }
        await tx
          .update(clients)
          .set({ onboardingInvitedAt: at, updatedAt: at })
          .where(eq(clients.id, client.id));
        await recordAudit(tx, actor, {
          action: 'client_onboarding_invited',
          objectType: 'client',
          objectGuid: client.guid,
          organizationId: organization.id,
          clientId: client.id,
          changes: {
            onboarding_invited_at: {
              before: client.onboardingInvitedAt?.toISOString() ?? null,
              after: at.toISOString(),
            },
          },
        });
        return {
          detail: `Onboarding invitation sent to ${primary.length} primary user(s).`,
          recipients: primary.map((p) => p.email),
          onboarding_invited_at: at.toISOString(),
        };
      });
    },
  };
}
