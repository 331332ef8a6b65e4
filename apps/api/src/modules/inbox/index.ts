// inbox: clients' pre-bill inboxes fed by real e-mail (issue 13). What others and app.ts/server.ts may use
// (docs/architecture.md): never its tables.
export { inboxLocalPartOf, regenerateInboxLocalPart } from './addresses.ts';
export { parsePendingMessages } from './parse.ts';
export { MAX_INBOUND_MESSAGE_BYTES, storeInboundMessage } from './receive.ts';
export { fileScannedMail } from './scanned-mail.ts';
export { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';
