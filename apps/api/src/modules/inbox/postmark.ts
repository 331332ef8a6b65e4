import { createHash, timingSafeEqual } from 'node:crypto';
import type { PostmarkInbound } from '@bp/contracts';
import { loadMailComposer } from '../../platform/lazy-libraries.ts';
import { clientOfRecipient } from './addresses.ts';
import { refused } from './errors.ts';
import { type ParseDeps, parseInboundMessage } from './parse.ts';
import { MAX_INBOUND_MESSAGE_BYTES, storeInboundMessage } from './receive.ts';

const UNAUTHORIZED = 'The inbound webhook needs its password (HTTP basic auth with INBOUND_WEBHOOK_SECRET).';
const NOT_CONFIGURED = 'The inbound webhook is off: set INBOUND_WEBHOOK_SECRET to turn it on.';
const TOO_LARGE = 'The message is larger than the 25 MB this server accepts.';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks the webhook's HTTP basic auth (Postmark sends the user and password of the webhook's URL):
 * the password must be INBOUND_WEBHOOK_SECRET, compared in constant time (digests of equal length, so
 * neither the content nor the length leaks); the user name is not checked.
 */
export function checkWebhookAuth(authorization: string | undefined, secret: string | null): void {
  if (secret === null) throw refused('unauthenticated', 'webhook_not_configured', NOT_CONFIGURED);
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  const decoded = match ? Buffer.from(match[1] as string, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  const ok = timingSafeEqual(digest(password), digest(secret));
  if (!match || colon < 0 || !ok) throw refused('unauthenticated', 'webhook_unauthorized', UNAUTHORIZED);
}

const addressOf = (a: { Email: string; Name?: string | undefined }) =>
  a.Name ? { name: a.Name, address: a.Email } : a.Email;

/** The message Postmark parsed, put back together as RFC 5322 bytes for the same store-then-parse path as SMTP. */
async function rawMessageOf(payload: PostmarkInbound): Promise<Buffer> {
  const MailComposer = await loadMailComposer();
  const composer = new MailComposer({
    from: payload.FromFull ? addressOf(payload.FromFull) : payload.From,
    to: payload.ToFull?.map(addressOf) ?? payload.To,
    cc: payload.CcFull?.map(addressOf),
    subject: payload.Subject ?? '',
    text: payload.TextBody,
    html: payload.HtmlBody,
    messageId: payload.MessageID,
    date: payload.Date,
    attachments: (payload.Attachments ?? []).map((a) => ({
      filename: a.Name,
      content: Buffer.from(a.Content, 'base64'),
      contentType: a.ContentType,
      ...(a.ContentID ? { cid: a.ContentID } : {}),
    })),
  });
  return composer.compile().build();
}

/**
 * Files a message Postmark's inbound webhook posts (issue 13) in the inboxes of the clients it is
 * addressed to, as the SMTP receiver does: stored (raw) before the answer, then parsed. A message to no
 * live inbox address stores nothing and answers `ignored`, so Postmark does not retry it.
 */
export async function receivePostmark(
  deps: ParseDeps,
  domain: string,
  payload: PostmarkInbound,
): Promise<'stored' | 'ignored'> {
  const addresses = [...(payload.ToFull ?? []), ...(payload.CcFull ?? []), ...(payload.BccFull ?? [])].map(
    (a) => a.Email,
  );
  if (payload.OriginalRecipient) addresses.push(payload.OriginalRecipient);
  const clientIds: number[] = [];
  for (const address of addresses) {
    const clientId = await clientOfRecipient(deps.db, address.trim(), domain);
    if (clientId !== null && !clientIds.includes(clientId)) clientIds.push(clientId);
  }
  if (clientIds.length === 0) return 'ignored';
  const raw = await rawMessageOf(payload);
  // 403 is the answer Postmark does not retry.
  if (raw.length > MAX_INBOUND_MESSAGE_BYTES) throw refused('forbidden', 'message_too_large', TOO_LARGE);
  const messageId = await storeInboundMessage(deps, {
    source: 'webhook',
    envelopeFrom: payload.FromFull?.Email ?? payload.From ?? null,
    clientIds,
    raw,
  });
  // Stored: parsing now makes the e-mail visible when Postmark hears 200; a failure here is retried at
  // the next start (the message stays pending), so it does not fail the answer.
  await parseInboundMessage(deps, messageId).catch((error: unknown) =>
    deps.log?.error({ messageId, err: String(error) }, 'parsing an inbound message failed'),
  );
  return 'stored';
}
