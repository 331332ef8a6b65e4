import type { CreateStaffUserRequest, PatchStaffUserRequest, StaffUser } from '@bp/contracts';
import { and, count, eq, ne } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import { createdFields } from '../../platform/audit/changes.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { issueOneTimeToken, useUpTokens } from '../auth/index.ts';
import { actionEmail, enqueueEmail } from '../notifications/index.ts';
import { insertMembership, memberships, updateMembership } from '../organizations/index.ts';
import {
  findUserByEmail,
  findUserById,
  insertInvitedUser,
  raiseSessionGeneration,
  updateUser,
} from '../users/index.ts';
import { conflict, forbidden } from './errors.ts';
import { findMember, type Member, staffItems } from './repo.ts';

const DUPLICATE_EMAIL = 'A user with this e-mail already exists.';

/**
 * Roles rank user < admin < super_admin. A caller manages members and grants roles up to its own rank
 * only: an admin never creates, edits or disables a super_admin, and a staff.manage holder who is not an
 * admin never hands out admin.
 */
const RANK: Record<string, number> = { user: 0, admin: 1, super_admin: 2 };
const rank = (role: string) => RANK[role] ?? 0;

function assertMayManage(scope: OrganizationScope, target: Member) {
  if (rank(target.membership.role) > rank(scope.role))
    throw forbidden('You cannot manage a member whose role is above yours.');
}

function assertMayGrantRole(scope: OrganizationScope, role: string) {
  if (rank(role) > rank(scope.role))
    throw forbidden(
      role === 'super_admin'
        ? 'Only a super admin can grant the super admin role.'
        : 'Only an admin can grant the admin role.',
    );
}

/** Staff users of one organisation: create, edit, enable/disable, invite. */
export function createStaffService({ database, now, config }: Pick<AppDeps, 'database' | 'now' | 'config'>) {
  const { db } = database;

  async function itemOf(tx: DbOrTx, organizationId: number, userGuid: string): Promise<StaffUser> {
    const [item] = await staffItems(tx, [await findMember(tx, organizationId, userGuid)]);
    if (!item) throw new Error('member vanished');
    return item;
  }

  return {
    get: (scope: OrganizationScope, userGuid: string) => itemOf(db, scope.id, userGuid),

    /** A new staff user with no password, waiting for its invitation (send-staff-invitation). */
    async create(scope: OrganizationScope, input: CreateStaffUserRequest, actor: AuditActor) {
      assertMayGrantRole(scope, input.role);
      try {
        return await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw invalid('email', DUPLICATE_EMAIL);
          const at = now();
          const user = await insertInvitedUser(
            tx,
            { email: input.email, firstName: input.first_name, lastName: input.last_name, type: 'bporg' },
            at,
          );
          if (!user) throw new Error('insert returned nothing');
          await insertMembership(tx, {
            organizationId: scope.id,
            userId: user.id,
            role: input.role,
            teamLabel: input.team_label,
            createdAt: at,
          });
          await recordAudit(tx, actor, {
            action: 'staff_user_created',
            objectType: 'user',
            objectGuid: user.guid,
            organizationId: scope.id,
            changes: createdFields({
              email: user.email,
              first_name: user.firstName,
              last_name: user.lastName,
              role: input.role,
              team_label: input.team_label,
              status: user.status,
            }),
          });
          return itemOf(tx, scope.id, user.guid);
        });
      } catch (error) {
        // Two creates racing with one address: the unique index decides, the loser gets the same 400.
        if (isUniqueViolation(error, 'users_email_key')) throw invalid('email', DUPLICATE_EMAIL);
        throw error;
      }
    },

    async patch(
      scope: OrganizationScope,
      callerUserId: number,
      userGuid: string,
      input: PatchStaffUserRequest,
      actor: AuditActor,
    ): Promise<StaffUser> {
      return db.transaction(async (tx) => {
        const target = await findMember(tx, scope.id, userGuid);
        assertMayManage(scope, target);
        const { user, membership } = target;
        if (input.role !== undefined && input.role !== membership.role) {
          if (user.id === callerUserId) throw invalid('role', 'You cannot change your own role.');
          assertMayGrantRole(scope, input.role);
        }
        const changes = diffFields(
          {
            first_name: user.firstName,
            last_name: user.lastName,
            role: membership.role,
            team_label: membership.teamLabel,
          },
          { ...input },
        );
        if (Object.keys(changes).length === 0) return itemOf(tx, scope.id, userGuid);
        if (input.first_name !== undefined || input.last_name !== undefined) {
          await updateUser(
            tx,
            user.id,
            {
              ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
              ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
            },
            now(),
          );
        }
        if (input.role !== undefined || input.team_label !== undefined) {
          await updateMembership(tx, membership.id, {
            ...(input.role !== undefined ? { role: input.role } : {}),
            ...(input.team_label !== undefined ? { teamLabel: input.team_label } : {}),
          });
        }
        await recordAudit(tx, actor, {
          action: 'staff_user_updated',
          objectType: 'user',
          objectGuid: user.guid,
          organizationId: scope.id,
          changes,
        });
        return itemOf(tx, scope.id, userGuid);
      });
    },

    /**
     * Disabling ends the membership; when the user is active in no other organisation the user itself is
     * disabled, and the access guard then refuses its tokens at once. Enabling restores both.
     */
    async setActive(
      scope: OrganizationScope,
      callerUserId: number,
      userGuid: string,
      isActive: boolean,
      actor: AuditActor,
    ): Promise<StaffUser> {
      return db.transaction(async (tx) => {
        const target = await findMember(tx, scope.id, userGuid);
        const { user, membership } = target;
        if (!isActive && user.id === callerUserId) throw invalid('is_active', 'You cannot disable yourself.');
        assertMayManage(scope, target);
        const wasActive = membership.isActive && user.isActive;
        if (wasActive === isActive) return itemOf(tx, scope.id, userGuid);
        await updateMembership(tx, membership.id, { isActive });
        let userActive = true;
        if (!isActive) {
          const [others] = await tx
            .select({ n: count() })
            .from(memberships)
            .where(
              and(
                eq(memberships.userId, user.id),
                eq(memberships.isActive, true),
                ne(memberships.id, membership.id),
              ),
            );
          userActive = (others?.n ?? 0) > 0;
        }
        if (userActive !== user.isActive) {
          // Disabling also ends every session (decision 016), so enabling again does not revive them.
          if (userActive) await updateUser(tx, user.id, { isActive: true }, now());
          else await raiseSessionGeneration(tx, user.id, now(), { isActive: false });
        }
        await recordAudit(tx, actor, {
          action: isActive ? 'staff_user_enabled' : 'staff_user_disabled',
          objectType: 'user',
          objectGuid: user.guid,
          organizationId: scope.id,
          changes: { is_active: { before: wasActive, after: isActive } },
        });
        return itemOf(tx, scope.id, userGuid);
      });
    },

    /**
     * E-mails a link to /create-account (valid 7 days; earlier links stop working). The existing
     * password-reset/confirm redeems it, sets the password and marks the invitation accepted.
     */
    async invite(scope: OrganizationScope, callerUserId: number, userGuid: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const caller = await findUserById(tx, callerUserId);
        const callerName =
          `${caller?.firstName ?? ''} ${caller?.lastName ?? ''}`.trim() || caller?.email || 'Your team';
        const target = await findMember(tx, scope.id, userGuid);
        assertMayManage(scope, target);
        const { user, membership } = target;
        if (!membership.isActive || !user.isActive)
          throw conflict('This user is disabled. Enable it before sending an invitation.');
        if (user.passwordHash)
          throw conflict('This user has already set a password; they can use "Forgot password" instead.');
        const at = now();
        await useUpTokens(tx, user.id, at);
        const token = await issueOneTimeToken(tx, user.id, 'invite', at);
        const body = actionEmail({
          greeting: `Hello ${user.firstName || user.email},`,
          lines: [
            `${callerName} has invited you to join ${scope.name} on the bill-pay platform.`,
            'Choose your password with the link below. It works once and expires in 7 days.',
          ],
          actionLabel: 'Create your account',
          actionUrl: `${config.publicUrl}/create-account?token=${token}`,
          organizationName: scope.name,
        });
        await enqueueEmail(tx, {
          userId: user.id,
          to: user.email,
          subject: `You are invited to ${scope.name}`,
          ...body,
        });
        if (user.status !== 'pending_invite') {
          await updateUser(tx, user.id, { status: 'pending_invite' }, at);
        }
        await recordAudit(tx, actor, {
          action: 'staff_invitation_sent',
          objectType: 'user',
          objectGuid: user.guid,
          organizationId: scope.id,
          changes: { status: { before: user.status, after: 'pending_invite' } },
        });
      });
      return { detail: 'Invitation sent.' };
    },
  };
}
