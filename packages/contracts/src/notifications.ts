import { NOTIFICATION_TYPE_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid, paged } from './common.ts';

/** Per notification type, whether e-mail and push may be sent (SPEC.md §3 notification channels). */
export const notificationPreference = z.object({
  notification_type: z.enum(NOTIFICATION_TYPE_VALUES),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** GET and PATCH v1/notifications/preferences answer every notification type. */
export const notificationPreferences = z.object({ preferences: z.array(notificationPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** PATCH v1/notifications/preferences: a list of changes; a channel left out keeps its value. */
export const patchNotificationPreferencesRequest = z
  .object({
    preferences: z
      .array(
        z
          .object({
            notification_type: z.enum(NOTIFICATION_TYPE_VALUES),
            email: z.boolean().optional(),
            push: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(NOTIFICATION_TYPE_VALUES.length * 2),
  })
  .strict();
export type PatchNotificationPreferencesRequest = z.infer<typeof patchNotificationPreferencesRequest>;

/** Expo's push token format. */
export const EXPO_PUSH_TOKEN = /^(ExponentPushToken|ExpoPushToken)\[[A-Za-z0-9_-]{10,200}\]$/;

/** POST v1/notifications/devices: the mobile app registers its push token after sign-in. */
export const registerPushDeviceRequest = z
  .object({
    token: z.string().max(256).regex(EXPO_PUSH_TOKEN, 'Enter a valid Expo push token.'),
    platform: z.enum(['ios', 'android']),
  })
  .strict();
export type RegisterPushDeviceRequest = z.infer<typeof registerPushDeviceRequest>;

export const pushDevice = z.object({
  guid,
  token: z.string(),
  platform: z.enum(['ios', 'android']).nullable(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof pushDevice>;

/** A message of the demo outbox (decision 005, 011). */
export const outboxMessage = z.object({
  guid: z.string(),
  channel: z.enum(['email', 'sms', 'push']),
  recipient: z.string(),
  subject: z.string(),
  body_text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxMessageList = paged(outboxMessage);

/** GET /v1/demo-mode (public): whether this installation runs in demo mode, so the web can offer the demo outbox. */
export const demoModeResponse = z.object({ demo: z.boolean() });
export type DemoModeResponse = z.infer<typeof demoModeResponse>;

/**
 * GET /v1/versions/config/mobile_app (public): where /download-app sends a phone, and the scheme of the
 * app's links (decision 033). The store listings are the operator's settings APP_STORE_URL and PLAY_STORE_URL.
 */
export const mobileAppConfig = z.object({
  app_store_url: z.string(),
  play_store_url: z.string(),
  app_scheme: z.string(),
});
export type MobileAppConfig = z.infer<typeof mobileAppConfig>;
