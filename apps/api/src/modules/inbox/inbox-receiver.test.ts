import { and, eq, isNotNull } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';
import { inboxLocalPartOf, regenerateInboxLocalPart } from './addresses.ts';
import { parsePendingMessages } from './parse.ts';
import { storeInboundMessage } from './receive.ts';
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';
import { inboundMessages, inboxEmailAttachments, inboxEmails } from './tables.ts';

const DOMAIN = 'inbox.demo.test';

/** The smallest PDF file-type recognises as one. */
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

describe('inbound e-mail through the SMTP receiver (pglite)', () => {
  let t: TestApp;
  let receiver: SmtpReceiver;
  let clientId: number;
  let otherClientId: number;
  let address: string;
  let send: (message: SendMailOptions) => Promise<unknown>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const { db } = t.deps.database;
    const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).orderBy(clients.id);
    clientId = (rows[0] as { id: number }).id;
    otherClientId = (rows[1] as { id: number }).id;
    address = `${await inboxLocalPartOf(db, clientId)}@${DOMAIN}`;
    const deps = { db, storage: t.deps.storage, now: () => t.clock.now };
    receiver = await startSmtpReceiver(deps, { domain: DOMAIN, host: '127.0.0.1', listenPort: 0 });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    send = (message) => transport.sendMail({ from: 'Acme Utilities <billing@acme.test>', ...message });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  // The mail the receiver filed (the demo seed's e-mail, filed without a message, is not this test's).
  const emailsOf = (id: number) =>
    t.deps.database.db
      .select()
      .from(inboxEmails)
      .where(and(eq(inboxEmails.clientId, id), isNotNull(inboxEmails.inboundMessageId)));
  const attachmentsOf = (emailId: number) =>
    t.deps.database.db
      .select()
      .from(inboxEmailAttachments)
      .where(eq(inboxEmailAttachments.emailId, emailId))
      .orderBy(inboxEmailAttachments.position);
  /** Parsing follows the 250; it is done once nothing is pending. */
  async function parsed() {
    for (let i = 0; i < 200; i++) {
      const pending = await t.deps.database.db
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(eq(inboundMessages.parseState, 'pending'));
      if (pending.length === 0) return;
      await new Promise((done) => setTimeout(done, 25));
    }
    throw new Error('inbound messages still pending');
  }

  it('stores an invoice sent to a client address and files it in that client’s inbox with its PDF', async () => {
    const info = (await send({
      to: address,
      subject: 'Invoice 4471 for November',
      text: 'Amount due: $182.40. Due 12/15/2026.',
      attachments: [{ filename: 'invoice-4471.pdf', content: pdf('invoice 4471') }],
    })) as { accepted: string[] };
    expect(info.accepted).toEqual([address]);
    await parsed();
    const [email] = await emailsOf(clientId);
    expect(email).toMatchObject({
      subject: 'Invoice 4471 for November',
      fromAddress: 'billing@acme.test',
      fromName: 'Acme Utilities',
    });
    expect(email?.textBody).toContain('Amount due: $182.40.');
    const files = await attachmentsOf((email as { id: number }).id);
    expect(files).toMatchObject([
      { fileName: 'invoice-4471.pdf', mimeType: 'application/pdf', convertible: true },
    ]);
    const stored = await t.deps.storage.get((files[0] as { storageKey: string }).storageKey);
    expect(stored?.toString('latin1')).toContain('invoice 4471');
  });

  it('refuses mail to an address it does not know, or one regenerated away, at RCPT TO with 550', async () => {
    const before = await t.deps.database.db.select().from(inboundMessages);
    await expect(send({ to: `nobody@${DOMAIN}`, subject: 'x', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(
      send({ to: address.replace(DOMAIN, 'elsewhere.test'), subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
    const { db } = t.deps.database;
    const old = `${await inboxLocalPartOf(db, otherClientId)}@${DOMAIN}`;
    const renewed = `${await regenerateInboxLocalPart(db, otherClientId, t.clock.now)}@${DOMAIN}`;
    await expect(send({ to: old, subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
    expect(await t.deps.database.db.select().from(inboundMessages)).toHaveLength(before.length);
    await send({ to: renewed.toUpperCase(), subject: 'To the new address', text: 'x' });
    await parsed();
    expect((await emailsOf(otherClientId)).map((e) => e.subject)).toContain('To the new address');
  });

  it('refuses a message over 25 MB with 552 and keeps nothing of it', async () => {
    const before = await t.deps.database.db.select().from(inboundMessages);
    await expect(
      send({
        to: address,
        subject: 'Too big',
        text: 'x',
        attachments: [{ filename: 'scan.pdf', content: Buffer.alloc(26 * 1024 * 1024, 0x41) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await t.deps.database.db.select().from(inboundMessages)).toHaveLength(before.length);
  });

  it('keeps all 20 attachments of a message, offering only accepted types for conversion', async () => {
    const attachments = Array.from({ length: 20 }, (_, i) =>
      i % 5 === 4
        ? { filename: `notes-${i}.txt`, content: `plain text ${i}` }
        : { filename: `invoice-${i}.pdf`, content: pdf(`invoice ${i}`) },
    );
    await send({ to: address, subject: 'Twenty files', text: 'See attached.', attachments });
    await parsed();
    const email = (await emailsOf(clientId)).find((e) => e.subject === 'Twenty files');
    const files = await attachmentsOf((email as { id: number }).id);
    expect(files).toHaveLength(20);
    expect(files.filter((f) => f.convertible)).toHaveLength(16);
    expect(files.find((f) => f.fileName === 'notes-4.txt')).toMatchObject({
      convertible: false,
      mimeType: 'text/plain',
    });
  });

  it('files a message to two clients’ addresses in both inboxes', async () => {
    const second = `${await inboxLocalPartOf(t.deps.database.db, otherClientId)}@${DOMAIN}`;
    await send({ to: [address, second], subject: 'Shared invoice', text: 'x' });
    await parsed();
    expect((await emailsOf(clientId)).filter((e) => e.subject === 'Shared invoice')).toHaveLength(1);
    expect((await emailsOf(otherClientId)).filter((e) => e.subject === 'Shared invoice')).toHaveLength(1);
  });

  it('parses at start-up a message stored before a crash stopped its parsing, once', async () => {
    const deps = { db: t.deps.database.db, storage: t.deps.storage, now: () => t.clock.now };
    const raw = Buffer.from(
      'From: Water Co <bills@water.test>\r\nTo: x\r\nSubject: Stored, never parsed\r\nContent-Type: text/plain\r\n\r\nDue soon.\r\n',
    );
    const id = await storeInboundMessage(deps, {
      source: 'smtp',
      envelopeFrom: 'bills@water.test',
      clientIds: [clientId],
      raw,
    });
    const [pending] = await deps.db.select().from(inboundMessages).where(eq(inboundMessages.id, id));
    expect(pending?.parseState).toBe('pending');
    expect(await parsePendingMessages(deps)).toBe(1);
    expect(await parsePendingMessages(deps)).toBe(0);
    const found = (await emailsOf(clientId)).filter((e) => e.subject === 'Stored, never parsed');
    expect(found).toHaveLength(1);
    expect(found[0]?.fromAddress).toBe('bills@water.test');
  });
});

describe.runIf(process.env.DATABASE_URL)('two processes parsing at once (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('files a stored message once when the API and a receiver of its own both parse what is pending', async () => {
    const deps = { db: t.deps.database.db, storage: t.deps.storage, now: () => t.clock.now };
    const [client] = await deps.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
    const clientId = (client as { id: number }).id;
    const subjects = ['Gas bill, March', 'Gas bill, April', 'Gas bill, May'];
    for (const subject of subjects) {
      await storeInboundMessage(deps, {
        source: 'smtp',
        envelopeFrom: 'bills@gas.test',
        clientIds: [clientId],
        raw: Buffer.from(
          `From: Gas Co <bills@gas.test>\r\nTo: x\r\nSubject: ${subject}\r\nContent-Type: text/plain\r\n\r\nDue.\r\n`,
        ),
      });
    }
    // Each start-up pass runs on a connection of its own from the pool, as two processes would.
    await Promise.all([parsePendingMessages(deps), parsePendingMessages(deps), parsePendingMessages(deps)]);
    const filed = await deps.db
      .select({ subject: inboxEmails.subject })
      .from(inboxEmails)
      .where(and(eq(inboxEmails.clientId, clientId), eq(inboxEmails.fromAddress, 'bills@gas.test')));
    expect(filed.map((e) => e.subject).sort()).toEqual([...subjects].sort());
    const stillPending = await deps.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.parseState, 'pending'));
    expect(stillPending).toEqual([]);
  });
});
