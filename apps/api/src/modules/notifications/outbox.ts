import type { DbOrTx } from '../../platform/db.ts';
import { outbox } from './tables.ts';

export interface OutgoingEmail {
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Queues an e-mail in the caller's transaction; the job runner delivers it (issue 5). */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
  await tx.insert(outbox).values({
    userId: email.userId,
    channel: 'email',
    recipient: email.to,
    subject: email.subject,
    bodyText: email.text,
    bodyHtml: email.html ?? null,
  });
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain e-mail with one call to action, as text and HTML. */
export function actionEmail(options: {
  greeting: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
}) {
  const text = [
    options.greeting,
    '',
    ...options.lines,
    '',
    `${options.actionLabel}: ${options.actionUrl}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(options.greeting)}</p>`,
    ...options.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(options.actionUrl)}">${escapeHtml(options.actionLabel)}</a></p>`,
  ].join('\n');
  return { text, html };
}
