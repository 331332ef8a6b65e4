import { randomUUID } from 'node:crypto';
import type { UserProfile } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { type AuditActor, diffFields, recordAudit } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { invalid } from '../../platform/domain-errors.ts';
import { forbidden, notFound } from './errors.ts';
import { AVATAR_MAX_BYTES, detectAvatarType } from './image-check.ts';
import { findActiveUserByGuid } from './lookup.ts';
import { type AccountPolicy, profileOf } from './profile.ts';
import { users } from './tables.ts';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' } as const;
const MIME_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

/** Profiles, avatars and terms. The route's access policy has already checked who may touch `guid`. */
export function createUserService(
  { database, storage, now }: Pick<AppDeps, 'database' | 'storage' | 'now'>,
  accountPolicy: AccountPolicy,
) {
  const { db } = database;

  async function target(guid: string, callerGuid: string) {
    const user = await findActiveUserByGuid(db, guid === 'me' ? callerGuid : guid);
    if (!user) throw notFound();
    return user;
  }

  return {
    async get(guid: string, callerGuid: string): Promise<UserProfile> {
      return profileOf(db, await target(guid, callerGuid), now(), accountPolicy);
    },

    async features(guid: string, callerGuid: string) {
      return (await profileOf(db, await target(guid, callerGuid), now(), accountPolicy)).features;
    },

    async patch(
      guid: string,
      callerGuid: string,
      input: { first_name?: string | undefined; last_name?: string | undefined },
      actor: AuditActor,
    ): Promise<UserProfile> {
      const user = await target(guid, callerGuid);
      return db.transaction(async (tx) => {
        const changes = diffFields(
          { first_name: user.firstName, last_name: user.lastName },
          { first_name: input.first_name, last_name: input.last_name },
        );
        const [updated] = await tx
          .update(users)
          .set({
            ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
            ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
            updatedAt: now(),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, actor, {
            action: 'user_updated',
            objectType: 'user',
            objectGuid: user.guid,
            changes,
          });
        }
        return profileOf(tx, updated ?? user, now(), accountPolicy);
      });
    },

    async uploadAvatar(
      guid: string,
      callerGuid: string,
      data: Buffer,
      actor: AuditActor,
    ): Promise<UserProfile> {
      if (data.length === 0) throw invalid('avatar', 'The file is empty.');
      if (data.length > AVATAR_MAX_BYTES) throw invalid('avatar', 'The image must be 2 MB or smaller.');
      const type = await detectAvatarType(data);
      if (!type) throw invalid('avatar', 'Upload a JPEG, PNG or GIF image.');
      const user = await target(guid, callerGuid);
      const key = `avatars/${user.guid}/${randomUUID()}.${EXTENSION[type]}`;
      // The file is written first; if the transaction fails the orphan is harmless and the old avatar stays.
      await storage.put(key, data);
      const profile = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ avatarKey: key, updatedAt: now() })
          .where(eq(users.id, user.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'avatar_uploaded',
          objectType: 'user',
          objectGuid: user.guid,
          changes: { avatar: { before: user.avatarKey, after: key } },
        });
        return profileOf(tx, updated ?? user, now(), accountPolicy);
      });
      if (user.avatarKey) await storage.remove(user.avatarKey);
      return profile;
    },

    async removeAvatar(guid: string, callerGuid: string, actor: AuditActor): Promise<UserProfile> {
      const user = await target(guid, callerGuid);
      const profile = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ avatarKey: null, updatedAt: now() })
          .where(eq(users.id, user.id))
          .returning();
        if (user.avatarKey) {
          await recordAudit(tx, actor, {
            action: 'avatar_removed',
            objectType: 'user',
            objectGuid: user.guid,
            changes: { avatar: { before: user.avatarKey, after: null } },
          });
        }
        return profileOf(tx, updated ?? user, now(), accountPolicy);
      });
      if (user.avatarKey) await storage.remove(user.avatarKey);
      return profile;
    },

    async avatar(guid: string, callerGuid: string): Promise<{ data: Buffer; mime: string }> {
      const user = await target(guid, callerGuid);
      if (!user.avatarKey) throw notFound();
      const data = await storage.get(user.avatarKey);
      if (!data) throw notFound();
      const ext = user.avatarKey.split('.').pop() ?? '';
      return { data, mime: MIME_BY_EXTENSION[ext] ?? 'application/octet-stream' };
    },

    async acceptTerms(callerGuid: string, actor: AuditActor): Promise<void> {
      const user = await target('me', callerGuid);
      if (user.type !== 'client') throw forbidden();
      if (user.acceptedTermsAt) return;
      await db.transaction(async (tx) => {
        const at = now();
        await tx.update(users).set({ acceptedTermsAt: at, updatedAt: at }).where(eq(users.id, user.id));
        await recordAudit(tx, actor, {
          action: 'terms_accepted',
          objectType: 'user',
          objectGuid: user.guid,
          changes: { accepted_terms: { before: false, after: true } },
        });
      });
    },
  };
}
