import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { InboundMailConfig } from '../../platform/config.ts';
import { clientOfRecipient } from './addresses.ts';
import { type ParseDeps, parseInboundMessage } from './parse.ts';
import { MAX_INBOUND_MESSAGE_BYTES, storeInboundMessage } from './receive.ts';

/** An SMTP reply with its code, as smtp-server sends an error's `responseCode`. */
function reply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

export interface SmtpReceiver {
  /** The port it listens on (the configured one, or the one the system gave for port 0 in tests). */
  port: number;
  close(): Promise<void>;
}

/**
 * The inbound mail receiver (issue 13): accepts mail for clients' live inbox addresses only (550 at RCPT
 * TO otherwise), refuses a message over 25 MB (552), stores it before answering 250, then parses it into
 * the clients' pre-bill inboxes. Runs in the API process by default; `listenPort: 0` picks a free port.
 */
export async function startSmtpReceiver(
  deps: ParseDeps,
  config: Pick<InboundMailConfig, 'domain' | 'host'> & { listenPort: number },
): Promise<SmtpReceiver> {
  /** The clients each session's accepted recipients deliver to. */
  const recipients = new Map<string, number[]>();
  const server = new SMTPServer({
    name: config.domain,
    banner: 'bill-pay inbound mail',
    authOptional: true,
    // Mail arrives from other mail servers, which do not sign in; TLS is left to a relay in front
    // (README: Inbound e-mail).
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_MESSAGE_BYTES,
    maxClients: 100,
    logger: false,
    onMailFrom(_address, session, callback) {
      recipients.set(session.id, []);
      callback();
    },
    onRcptTo(address, session, callback) {
      clientOfRecipient(deps.db, address.address, config.domain).then(
        (clientId) => {
          if (clientId === null) return callback(reply(550, 'No such mailbox here.'));
          const list = recipients.get(session.id) ?? [];
          if (!list.includes(clientId)) list.push(clientId);
          recipients.set(session.id, list);
          callback();
        },
        () => callback(reply(451, 'Try again later.')),
      );
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the bytes are read and dropped, so the sender hears 552, not a broken pipe.
        if (size <= MAX_INBOUND_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('end', () => {
        const clientIds = recipients.get(session.id) ?? [];
        recipients.set(session.id, []);
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded || size > MAX_INBOUND_MESSAGE_BYTES)
          return callback(reply(552, 'The message is larger than the 25 MB this server accepts.'));
        if (clientIds.length === 0) return callback(reply(554, 'No valid recipients.'));
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        storeInboundMessage(deps, {
          source: 'smtp',
          envelopeFrom,
          clientIds,
          raw: Buffer.concat(chunks),
        }).then(
          (messageId) => {
            // Accepted only now that it is stored; parsing follows, and start-up retries it after a crash.
            callback(null, 'Accepted.');
            parseInboundMessage(deps, messageId).catch((error: unknown) =>
              deps.log?.error({ messageId, err: String(error) }, 'parsing an inbound message failed'),
            );
          },
          () => callback(reply(451, 'The message could not be stored. Try again later.')),
        );
      });
    },
    onClose(session) {
      recipients.delete(session.id);
    },
  });
  server.on('error', (error) => deps.log?.error({ err: String(error) }, 'SMTP receiver error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.listenPort, config.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((done) => server.close(() => done())) };
}
