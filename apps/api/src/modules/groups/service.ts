import type { CreateGroupRequest, Group } from '@bp/contracts';
import { isPermission, PERMISSION_VALUES } from '@bp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { OrganizationScope } from '../../platform/access.ts';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import { createdFields, deletedFields } from '../../platform/audit/changes.ts';
import type { DbOrTx, Tx } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid, ValidationError } from '../../platform/domain-errors.ts';
import { forbidden, notFound } from './errors.ts';
import {
  findGroup,
  findMembership,
  type GroupRow,
  groupItems,
  groupsOfMember,
  nameTaken,
  slugsOf,
} from './repo.ts';
import { groupPermissions, groups, groupUsers } from './tables.ts';

const DUPLICATE_NAME = 'A group with this name already exists.';

/** Unknown slugs (named, so the form can say which), and the known ones deduplicated in catalogue order. */
function checkSlugs(slugs: readonly string[]): { unknown: string[]; known: string[] } {
  const unknown = [...new Set(slugs.filter((s) => !isPermission(s)))];
  const wanted = new Set(slugs);
  return { unknown, known: PERMISSION_VALUES.filter((p) => wanted.has(p)) };
}
const unknownMessage = (unknown: string[]) => `Unknown permissions: ${unknown.join(', ')}.`;

function knownSlugs(slugs: readonly string[], field: string): string[] {
  const { unknown, known } = checkSlugs(slugs);
  if (unknown.length > 0) throw invalid(field, unknownMessage(unknown));
  return known;
}

/**
 * Nobody hands out what they do not hold: granting a permission to a group, or putting a member into a
 * group, needs the caller to hold those permissions. Admins hold the whole catalogue, so this only
 * limits members who manage groups through a group of their own.
 */
function assertMayGrant(scope: OrganizationScope, slugs: readonly string[]) {
  const missing = [...new Set(slugs)].filter((s) => !scope.permissions.has(s));
  if (missing.length > 0)
    throw forbidden(`You cannot grant permissions you do not hold: ${missing.join(', ')}.`);
}

async function itemOf(tx: DbOrTx, row: GroupRow): Promise<Group> {
  const [one] = await groupItems(tx, [row]);
  if (!one) throw new Error('group vanished');
  return one;
}

/** Organisation groups, their members and their permissions; members gain them on their next request. */
export function createGroupService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;

  /** Runs a write in a transaction; a lost race on the name index gives the pre-check's 400. */
  async function write<T>(work: (tx: Tx) => Promise<T>, nameField = 'name'): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'groups_org_name_key')) throw invalid(nameField, DUPLICATE_NAME);
      throw error;
    }
  }

  async function insertGroup(
    tx: Tx,
    scope: OrganizationScope,
    input: CreateGroupRequest,
    slugs: string[],
    actor: AuditActor,
  ): Promise<GroupRow> {
    const at = now();
    const [row] = await tx
      .insert(groups)
      .values({
        organizationId: scope.id,
        name: input.name,
        description: input.description,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    if (slugs.length > 0)
      await tx.insert(groupPermissions).values(slugs.map((slug) => ({ groupId: row.id, slug })));
    await recordAudit(tx, actor, {
      action: 'group_created',
      objectType: 'group',
      objectGuid: row.guid,
      organizationId: scope.id,
      changes: createdFields({ name: row.name, description: row.description, permissions: slugs }),
    });
    return row;
  }

  async function userGroups(scope: OrganizationScope, userGuid: string) {
    const member = await findMembership(db, scope.id, userGuid);
    const rows = await groupsOfMember(db, member.membershipId);
    return (await groupItems(db, rows)).map((g) => ({
      guid: g.guid,
      name: g.name,
      permissions: g.permissions,
    }));
  }

  async function touch(tx: Tx, groupId: number) {
    await tx.update(groups).set({ updatedAt: now() }).where(eq(groups.id, groupId));
  }

  return {
    async get(scope: OrganizationScope, groupGuid: string): Promise<Group> {
      return itemOf(db, await findGroup(db, scope.id, groupGuid));
    },

    async create(scope: OrganizationScope, input: CreateGroupRequest, actor: AuditActor): Promise<Group> {
      const slugs = knownSlugs(input.permissions, 'permissions');
      assertMayGrant(scope, slugs);
      return write(async (tx) => {
        if (await nameTaken(tx, scope.id, input.name)) throw invalid('name', DUPLICATE_NAME);
        return itemOf(tx, await insertGroup(tx, scope, input, slugs, actor));
      });
    },

    /** Every group is created, or none: all problems are reported at once, per group. */
    async bulkCreate(
      scope: OrganizationScope,
      inputs: CreateGroupRequest[],
      actor: AuditActor,
    ): Promise<Group[]> {
      const fields: Record<string, string[]> = {};
      const seen = new Map<string, number>();
      const slugLists = inputs.map((input, i) => {
        const { unknown, known } = checkSlugs(input.permissions);
        if (unknown.length > 0) fields[`groups.${i}.permissions`] = [unknownMessage(unknown)];
        const key = input.name.toLowerCase();
        if (seen.has(key)) fields[`groups.${i}.name`] = [`The name is repeated (group ${seen.get(key)}).`];
        else seen.set(key, i);
        return known;
      });
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      assertMayGrant(scope, slugLists.flat());
      return write(async (tx) => {
        for (const [i, input] of inputs.entries()) {
          if (await nameTaken(tx, scope.id, input.name)) fields[`groups.${i}.name`] = [DUPLICATE_NAME];
        }
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
        const rows: GroupRow[] = [];
        for (const [i, input] of inputs.entries())
          rows.push(await insertGroup(tx, scope, input, slugLists[i] ?? [], actor));
        return groupItems(tx, rows);
      }, 'groups');
    },

    async patch(
      scope: OrganizationScope,
      groupGuid: string,
      input: { name?: string | undefined; description?: string | undefined },
      actor: AuditActor,
    ): Promise<Group> {
      return write(async (tx) => {
        const group = await findGroup(tx, scope.id, groupGuid);
        const changes = diffFields({ name: group.name, description: group.description }, input);
        if (Object.keys(changes).length === 0) return itemOf(tx, group);
        if (input.name !== undefined && (await nameTaken(tx, scope.id, input.name, group.id)))
          throw invalid('name', DUPLICATE_NAME);
        const [updated] = await tx
          .update(groups)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            updatedAt: now(),
          })
          .where(eq(groups.id, group.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'group_updated',
          objectType: 'group',
          objectGuid: group.guid,
          organizationId: scope.id,
          changes,
        });
        return itemOf(tx, updated ?? group);
      });
    },

    async remove(scope: OrganizationScope, groupGuid: string, actor: AuditActor): Promise<void> {
      await write(async (tx) => {
        const group = await findGroup(tx, scope.id, groupGuid);
        const slugs = await slugsOf(tx, group.id);
        // Members and permissions go with the group (ON DELETE CASCADE).
        await tx.delete(groups).where(eq(groups.id, group.id));
        await recordAudit(tx, actor, {
          action: 'group_deleted',
          objectType: 'group',
          objectGuid: group.guid,
          organizationId: scope.id,
          changes: deletedFields({ name: group.name, description: group.description, permissions: slugs }),
        });
      });
    },

    async permissions(scope: OrganizationScope, groupGuid: string) {
      const group = await findGroup(db, scope.id, groupGuid);
      return { permissions: await slugsOf(db, group.id) };
    },

    /** The group's permissions become exactly `slugs`. */
    async setPermissions(
      scope: OrganizationScope,
      groupGuid: string,
      slugs: string[],
      actor: AuditActor,
    ): Promise<{ permissions: string[] }> {
      const wanted = knownSlugs(slugs, 'permissions');
      return write(async (tx) => {
        const group = await findGroup(tx, scope.id, groupGuid);
        const before = await slugsOf(tx, group.id);
        const added = wanted.filter((s) => !before.includes(s));
        const removed = before.filter((s) => !wanted.includes(s));
        assertMayGrant(scope, added);
        if (added.length === 0 && removed.length === 0) return { permissions: before };
        if (removed.length > 0)
          await tx
            .delete(groupPermissions)
            .where(and(eq(groupPermissions.groupId, group.id), inArray(groupPermissions.slug, removed)));
        if (added.length > 0)
          await tx.insert(groupPermissions).values(added.map((slug) => ({ groupId: group.id, slug })));
        await touch(tx, group.id);
        const after = await slugsOf(tx, group.id);
        await recordAudit(tx, actor, {
          action: 'group_permissions_updated',
          objectType: 'group',
          objectGuid: group.guid,
          organizationId: scope.id,
          changes: { permissions: { before, after } },
        });
        return { permissions: after };
      });
    },

    /** Adds a member of this organisation; `created` is false when it already belonged. */
    async addMember(scope: OrganizationScope, groupGuid: string, userGuid: string, actor: AuditActor) {
      return write(async (tx) => {
        const group = await findGroup(tx, scope.id, groupGuid);
        const member = await findMembership(tx, scope.id, userGuid);
        assertMayGrant(scope, await slugsOf(tx, group.id));
        const inserted = await tx
          .insert(groupUsers)
          .values({ groupId: group.id, organizationUserId: member.membershipId })
          .onConflictDoNothing({ target: [groupUsers.groupId, groupUsers.organizationUserId] })
          .returning({ id: groupUsers.id });
        if (inserted.length > 0) {
          await recordAudit(tx, actor, {
            action: 'group_user_added',
            objectType: 'group',
            objectGuid: group.guid,
            organizationId: scope.id,
            changes: { users: { before: null, after: member.email } },
          });
        }
        return { created: inserted.length > 0, group: await itemOf(tx, group) };
      });
    },

    async removeMember(scope: OrganizationScope, groupGuid: string, userGuid: string, actor: AuditActor) {
      await write(async (tx) => {
        const group = await findGroup(tx, scope.id, groupGuid);
        const member = await findMembership(tx, scope.id, userGuid);
        const removed = await tx
          .delete(groupUsers)
          .where(
            and(eq(groupUsers.groupId, group.id), eq(groupUsers.organizationUserId, member.membershipId)),
          )
          .returning({ id: groupUsers.id });
        if (removed.length === 0) throw notFound('This user is not a member of this group.');
        await recordAudit(tx, actor, {
          action: 'group_user_removed',
          objectType: 'group',
          objectGuid: group.guid,
          organizationId: scope.id,
          changes: { users: { before: member.email, after: null } },
        });
      });
    },

    userGroups,

    /** The member's groups become exactly `groupGuids` (all of this organisation, else 404). */
    async setUserGroups(scope: OrganizationScope, userGuid: string, groupGuids: string[], actor: AuditActor) {
      await write(async (tx) => {
        const member = await findMembership(tx, scope.id, userGuid);
        const wanted: GroupRow[] = [];
        for (const guid of new Set(groupGuids)) wanted.push(await findGroup(tx, scope.id, guid));
        const before = await groupsOfMember(tx, member.membershipId);
        const added = wanted.filter((g) => !before.some((b) => b.id === g.id));
        const removed = before.filter((b) => !wanted.some((g) => g.id === b.id));
        for (const group of added) assertMayGrant(scope, await slugsOf(tx, group.id));
        if (added.length === 0 && removed.length === 0) return;
        if (removed.length > 0)
          await tx.delete(groupUsers).where(
            and(
              eq(groupUsers.organizationUserId, member.membershipId),
              inArray(
                groupUsers.groupId,
                removed.map((g) => g.id),
              ),
            ),
          );
        if (added.length > 0)
          await tx
            .insert(groupUsers)
            .values(added.map((g) => ({ groupId: g.id, organizationUserId: member.membershipId })))
            .onConflictDoNothing({ target: [groupUsers.groupId, groupUsers.organizationUserId] });
        const names = (rows: GroupRow[]) => rows.map((g) => g.name).sort((a, b) => a.localeCompare(b));
        await recordAudit(tx, actor, {
          action: 'user_groups_updated',
          objectType: 'user',
          objectGuid: userGuid,
          organizationId: scope.id,
          changes: { groups: { before: names(before), after: names(wanted) } },
        });
      });
      return userGroups(scope, userGuid);
    },
  };
}
