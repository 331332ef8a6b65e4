import type { NotificationType } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { userList } from '../users/index.ts';
import { notificationPreferences, outbox, pushDevices } from './tables.ts';
import { renderEmail } from './templates.ts';

/*
 * Every outgoing message is queued here, in the caller's transaction, and delivered afterwards by the
 * job runner (delivery/runner.ts, decision 011). Messages without a notification type (codes, resets,
 * invitations) are always queued; typed ones only on the channels the user has not turned off.
 */

export interface OutgoingEmail {
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Set for notifications a user may turn off; checked by notifyUser, recorded on the row. */
  notificationType?: NotificationType | null;
}

export interface OutgoingSms {
  userId: number | null;
  /** E.164 phone number, e.g. +15555550100. */
  to: string;
  body: string;
}

export interface OutgoingPush {
  userId: number;
  title: string;
  body: string;
  /** Small JSON object handed to the mobile app with the notification. */
  data?: Record<string, unknown>;
  notificationType?: NotificationType | null;
}

/** Queues an e-mail in the caller's transaction; the job runner delivers it. */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
  await tx.insert(outbox).values({
    userId: email.userId,
    channel: 'email',
    recipient: email.to,
    subject: email.subject,
    bodyText: email.text,
    bodyHtml: email.html ?? null,
    notificationType: email.notificationType ?? null,
  });
}

/** Queues a text message (a sign-in code, say) in the caller's transaction. Always sent. */
export async function enqueueSms(tx: DbOrTx, sms: OutgoingSms): Promise<void> {
  await tx.insert(outbox).values({
    userId: sms.userId,
    channel: 'sms',
    recipient: sms.to,
    bodyText: sms.body,
  });
}

/**
 * Queues one push message per registered device of the user; returns how many were queued (0 without
 * devices). The push's `data` travels in the row's body_html column as JSON (the outbox has no data column).
 */
export async function enqueuePush(tx: DbOrTx, push: OutgoingPush): Promise<number> {
  const devices = await tx
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .where(eq(pushDevices.userId, push.userId));
  if (devices.length === 0) return 0;
  await tx.insert(outbox).values(
    devices.map((d) => ({
      userId: push.userId,
      channel: 'push' as const,
      recipient: d.token,
      subject: push.title,
      bodyText: push.body,
      bodyHtml: JSON.stringify(push.data ?? {}),
      notificationType: push.notificationType ?? null,
    })),
  );
  return devices.length;
}

/** The user's channels for one notification type: a missing row means both on. */
export async function channelsFor(
  tx: DbOrTx,
  userId: number,
  notificationType: NotificationType,
): Promise<{ email: boolean; push: boolean }> {
  const [row] = await tx
    .select({ email: notificationPreferences.email, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.notificationType, notificationType),
      ),
    );
  return row ?? { email: true, push: true };
}

export interface Notification {
  email?: { subject: string; text: string; html?: string };
  push?: { title: string; body: string; data?: Record<string, unknown> };
}

/**
 * Queues a notification of one type to a user on the channels their preferences allow (nothing for a
 * disabled or unknown user). Returns what was queued.
 */
export async function notifyUser(
  tx: DbOrTx,
  userId: number,
  notificationType: NotificationType,
  message: Notification,
): Promise<{ email: boolean; push: number }> {
  const [user] = await tx
    .select({ email: userList.email, isActive: userList.isActive })
    .from(userList)
    .where(eq(userList.id, userId));
  if (!user?.isActive) return { email: false, push: 0 };
  const allowed = await channelsFor(tx, userId, notificationType);
  let email = false;
  if (allowed.email && message.email) {
    await enqueueEmail(tx, { userId, to: user.email, notificationType, ...message.email });
    email = true;
  }
  const push =
    allowed.push && message.push ? await enqueuePush(tx, { userId, notificationType, ...message.push }) : 0;
  return { email, push };
}

/**
 * A plain e-mail with one call to action, as text and HTML, in the common layout (templates.ts).
 * `organizationName` heads the e-mail and signs its footer when given.
 */
export function actionEmail(options: {
  greeting: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
  organizationName?: string;
}) {
  return renderEmail({
    organizationName: options.organizationName,
    greeting: options.greeting,
    lines: options.lines,
    action: { label: options.actionLabel, url: options.actionUrl },
  });
}
