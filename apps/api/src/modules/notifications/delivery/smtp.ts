import type { Transporter } from 'nodemailer';
import type { DeliveryConfig } from '../../../platform/config.ts';
import { DeliveryError, type EmailSender, reasonOf } from './senders.ts';

type SmtpConfig = NonNullable<DeliveryConfig['smtp']>;

/**
 * E-mail over SMTP with nodemailer: one connection per message (no pool, so a server that comes back
 * is simply used by the next attempt). A 5xx answer to the message itself (a refused mailbox) is
 * permanent; connection, authentication and 4xx failures are retried.
 */
export function createSmtpSender(
  config: SmtpConfig,
  options: { tlsRejectUnauthorized?: boolean } = {},
): EmailSender {
  // nodemailer is loaded on the first message (platform/lazy-libraries.ts: an idle server stays small).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
        ...(options.tlsRejectUnauthorized === false ? { tls: { rejectUnauthorized: false } } : {}),
      }),
    ));
  return {
    async send(message) {
      try {
        await (await transportOf()).sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        const permanent =
          typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
        throw new DeliveryError(`SMTP: ${reasonOf(error)}`, { permanent });
      }
    },
  };
}
