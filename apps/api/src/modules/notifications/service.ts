import type {
  NotificationPreferences,
  PatchNotificationPreferencesRequest,
  PushDevice,
  RegisterPushDeviceRequest,
} from '@bp/contracts';
import { NOTIFICATION_TYPE_VALUES } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { FieldChanges } from '../../platform/audit/tables.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from './errors.ts';
import { notificationPreferences, pushDevices } from './tables.ts';

async function preferencesOf(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return {
    preferences: NOTIFICATION_TYPE_VALUES.map((type) => {
      const row = rows.find((r) => r.notificationType === type);
      return { notification_type: type, email: row?.email ?? true, push: row?.push ?? true };
    }),
  };
}

const deviceOut = (d: typeof pushDevices.$inferSelect): PushDevice => ({
  guid: d.guid,
  token: d.token,
  platform: d.platform,
  created_at: d.createdAt.toISOString(),
});

/** The signed-in user's notification preferences and push devices. */
export function createNotificationService({ database, now }: Pick<AppDeps, 'database' | 'now'>) {
  const { db } = database;
  return {
    /** Every notification type, both channels on where the user has not chosen. */
    preferences: (user: AuthUser) => preferencesOf(db, user.id),

    /** Applies a list of changes; a channel left out keeps its value. One transaction with its audit record. */
    async patchPreferences(user: AuthUser, body: PatchNotificationPreferencesRequest, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const before = await preferencesOf(tx, user.id);
        const current = new Map(before.preferences.map((p) => [p.notification_type, { ...p }]));
        const at = now();
        for (const change of body.preferences) {
          const next = current.get(change.notification_type);
          if (!next) continue;
          if (change.email !== undefined) next.email = change.email;
          if (change.push !== undefined) next.push = change.push;
        }
        const changes: FieldChanges = {};
        for (const old of before.preferences) {
          const next = current.get(old.notification_type);
          if (!next || (next.email === old.email && next.push === old.push)) continue;
          await tx
            .insert(notificationPreferences)
            .values({
              userId: user.id,
              notificationType: old.notification_type,
              email: next.email,
              push: next.push,
              updatedAt: at,
            })
            .onConflictDoUpdate({
              target: [notificationPreferences.userId, notificationPreferences.notificationType],
              set: { email: next.email, push: next.push, updatedAt: at },
            });
          for (const channel of ['email', 'push'] as const) {
            if (next[channel] !== old[channel])
              changes[`${old.notification_type}.${channel}`] = { before: old[channel], after: next[channel] };
          }
        }
        await recordAudit(tx, actor, {
          action: 'notification_preferences_updated',
          objectType: 'user',
          objectGuid: user.guid,
          changes,
        });
        return preferencesOf(tx, user.id);
      });
    },

    /**
     * Registers the caller's device. A token already registered (to anyone: the phone changed hands or
     * users) now belongs to the caller. `created` is false when the caller had it already.
     */
    async registerDevice(user: AuthUser, body: RegisterPushDeviceRequest, actor: AuditActor) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(pushDevices).where(eq(pushDevices.token, body.token));
        if (existing?.userId === user.id && existing.platform === body.platform)
          return { created: false, device: deviceOut(existing) };
        const [device] = await tx
          .insert(pushDevices)
          .values({ userId: user.id, token: body.token, platform: body.platform, createdAt: now() })
          .onConflictDoUpdate({
            target: pushDevices.token,
            set: { userId: user.id, platform: body.platform },
          })
          .returning();
        if (!device) throw new Error('push device upsert returned nothing');
        await recordAudit(tx, actor, {
          action: 'push_device_registered',
          objectType: 'push_device',
          objectGuid: device.guid,
          changes: { platform: { before: existing?.platform ?? null, after: body.platform } },
        });
        return { created: existing?.userId !== user.id, device: deviceOut(device) };
      });
    },

    /** Removes one of the caller's devices; another user's token is a 404 like an unknown one. */
    async removeDevice(user: AuthUser, token: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(pushDevices)
          .where(and(eq(pushDevices.token, token), eq(pushDevices.userId, user.id)))
          .returning();
        if (!removed) throw notFound();
        await recordAudit(tx, actor, {
          action: 'push_device_removed',
          objectType: 'push_device',
          objectGuid: removed.guid,
        });
      });
    },
  };
}
