import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  backends,
  bearer,
  login,
  TEST_INBOUND_WEBHOOK_SECRET,
  useTestApp,
} from '../../test/build-test-app.ts';
import { minimalPdf } from '../../test/minimal-pdf.ts';
import { bills } from '../bill-core/tables.ts';
import { billBooks } from '../bills/test-support.ts';
import { vendors } from '../entities/tables.ts';
import { auditOf } from '../entities/test-support.ts';
import { inboundMessages, inboxEmailAttachments } from './tables.ts';

// Issue 13's pre-bill conversion (decision 023): mail arriving through Postmark's inbound webhook, the
// proposals read from its PDF, and converting it into a bill in one transaction.

const INVOICE = minimalPdf([
  'Evergreen Landscaping',
  'Invoice Number: EVG-2026-311',
  'Invoice Date: 11/20/2026',
  'Amount Due: $1,234.56',
  'Due Date: 12/15/2026',
]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const basic = (password: string) => `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}`;

describe.each(backends)('pre-bill conversion (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  async function setUp() {
    const books = await billBooks(t);
    const manager = await login(t.app, 'manager@demo.test');
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: bearer(manager), ...(payload ? { payload } : {}) });
    const inbox = `/v1/inbox/clients/${books.client.guid}`;
    const address = (await call('GET', `${inbox}/inbox-address`)).json().address as string;
    const postmark = (payload: object, password = TEST_INBOUND_WEBHOOK_SECRET) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/inbox/inbound/postmark',
        headers: { authorization: basic(password) },
        payload,
      });
    /** Postmark's inbound JSON for a message to `to` with the given files. */
    const message = (
      subject: string,
      files: { name: string; type: string; data: Buffer }[],
      to = address,
    ) => ({
      From: 'billing@evergreen.test',
      FromName: 'Evergreen Landscaping',
      FromFull: { Email: 'billing@evergreen.test', Name: 'Evergreen Landscaping' },
      To: to,
      ToFull: [{ Email: to, Name: '' }],
      Subject: subject,
      TextBody: 'Your invoice is attached.',
      HtmlBody: '<p>Your invoice is attached.</p>',
      MessageID: `<${subject.replaceAll(' ', '-')}@evergreen.test>`,
      Date: 'Fri, 27 Nov 2026 10:00:00 +0000',
      Attachments: files.map((f) => ({
        Name: f.name,
        Content: f.data.toString('base64'),
        ContentType: f.type,
        ContentLength: f.data.length,
      })),
    });
    /** Files one message through the webhook and returns its e-mail as the inbox lists it. */
    const receive = async (
      subject: string,
      files = [{ name: 'invoice.pdf', type: 'application/pdf', data: INVOICE }],
    ) => {
      const res = await postmark(message(subject, files));
      expect(res.json()).toEqual({ status: 'stored' });
      const list = (await call('GET', `${inbox}/emails?search=${encodeURIComponent(subject)}`)).json();
      expect(list.count).toBe(1);
      return list.results[0];
    };
    return { books, call, inbox, address, postmark, message, receive };
  }

  it('files Postmark mail for a live address, refuses a wrong password, ignores unknown addresses', async () => {
    const { call, inbox, postmark, message, receive } = await setUp();
    const email = await receive('Invoice EVG-2026-311');
    expect(email).toMatchObject({
      source: 'email',
      from_address: 'billing@evergreen.test',
      from_name: 'Evergreen Landscaping',
      preview: 'Your invoice is attached.',
      attachments: [{ file_name: 'invoice.pdf', mime_type: 'application/pdf', convertible: true }],
      bill: null,
    });
    const file = await call('GET', `${inbox}/emails/${email.guid}/attachments/${email.attachments[0].guid}`);
    expect(file.rawPayload.equals(INVOICE)).toBe(true);
    const { db } = t.deps.database;
    const [stored] = await db.select().from(inboundMessages).where(eq(inboundMessages.source, 'webhook'));
    expect(stored).toMatchObject({ parseState: 'parsed', envelopeFrom: 'billing@evergreen.test' });

    const countMessages = async () => (await db.select().from(inboundMessages)).length;
    const before = await countMessages();
    const wrong = await postmark(message('Wrong secret', []), 'not-the-secret-at-all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'webhook_unauthorized' });
    const none = await t.app.inject({ method: 'POST', url: '/v1/inbox/inbound/postmark', payload: {} });
    expect(none.statusCode).toBe(401);
    // A staff member's bearer token is not the webhook's password either.
    const manager = await login(t.app, 'manager@demo.test');
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/v1/inbox/inbound/postmark',
      headers: bearer(manager),
      payload: message('As staff', []),
    });
    expect(asStaff.statusCode).toBe(401);

    // Unknown or retired addresses: 200 so Postmark does not retry, and nothing is stored.
    const unknown = await postmark(message('Nobody here', [], 'bills-nobodyhere22@app.test'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'ignored' });
    const foreignDomain = await postmark(message('Other domain', [], 'bills-x@elsewhere.test'));
    expect(foreignDomain.json()).toEqual({ status: 'ignored' });
    expect(await countMessages()).toBe(before);
  });

  it("proposes amount, dates, invoice number and vendor from a PDF's text, and nothing from an image", async () => {
    const { books, call, inbox, receive } = await setUp();
    const email = await receive('Evergreen November');
    const prefillUrl = (e: { guid: string; attachments: { guid: string }[] }, i = 0) =>
      `${inbox}/emails/${e.guid}/attachments/${e.attachments[i]?.guid}/prefill`;

    // No vendor has the sender's address yet: the name on the invoice and the sender's name match.
    const byName = (await call('GET', prefillUrl(email))).json();
    expect(byName).toMatchObject({
      text_found: true,
      message: null,
      amount: { value: 123_456, source: 'Amount Due: $1,234.56' },
      due_date: { value: '2026-12-15', source: 'Due Date: 12/15/2026' },
      invoice_number: { value: 'EVG-2026-311' },
      invoice_date: { value: '2026-11-20' },
      vendor: { guid: books.landscaping.guid, entity: books.legal.guid, reason: 'name_similarity' },
    });

    // A vendor whose e-mail is the sender's address wins over any name.
    const { db } = t.deps.database;
    await db
      .update(vendors)
      .set({ email: 'Billing@Evergreen.test' })
      .where(eq(vendors.id, books.insurance.id));
    const byAddress = (await call('GET', prefillUrl(email))).json();
    expect(byAddress.vendor).toMatchObject({
      guid: books.insurance.guid,
      reason: 'sender_address',
      detail: "billing@evergreen.test is this vendor's e-mail address.",
    });

    // A photo of a bill and a PDF without text: no guesses, and the answer says so.
    const scans = await receive('Scanned bill', [
      { name: 'photo.png', type: 'image/png', data: PNG },
      { name: 'scan.pdf', type: 'application/pdf', data: minimalPdf([]) },
    ]);
    const image = (await call('GET', prefillUrl(scans, 0))).json();
    expect(image).toMatchObject({
      text_found: false,
      message: 'This file is an image: it has no text to read, so nothing is proposed from it.',
      amount: null,
      due_date: null,
      invoice_number: null,
      invoice_date: null,
    });
    // The sender's address still names its vendor: that is no guess.
    expect(image.vendor).toMatchObject({ guid: books.insurance.guid, reason: 'sender_address' });
    const blank = (await call('GET', prefillUrl(scans, 1))).json();
    expect(blank).toMatchObject({
      text_found: false,
      message: 'No text was found in this PDF (a scanned page?), so nothing is proposed from it.',
      amount: null,
    });
    await db.update(vendors).set({ email: null }).where(eq(vendors.id, books.insurance.id));
    const anonymous = (await call('GET', prefillUrl(scans, 0))).json();
    expect(anonymous.vendor).toBeNull();

    // Client users do not convert e-mails, so they get no proposals either.
    const client = await login(t.app, 'client@demo.test');
    const asClient = await t.app.inject({ url: prefillUrl(email), headers: bearer(client) });
    expect(asClient.statusCode).toBe(403);
  });

  it('converts an e-mail into a bill with its PDF, archives it, and refuses to convert it twice', async () => {
    const { books, call, inbox, receive } = await setUp();
    const email = await receive('Evergreen to convert');
    const convertUrl = `${inbox}/emails/${email.guid}/convert`;
    const request = books.request({
      vendor: books.landscaping.guid,
      amount: 123_456,
      invoice_number: 'EVG-CONVERT-1',
      invoice_source: 'vendor',
      draft: true,
    });
    const res = await call('POST', convertUrl, { ...request, attachments: [email.attachments[0].guid] });
    expect(res.statusCode).toBe(201);
    const bill = res.json();
    expect(bill).toMatchObject({ status: 'pre_bill', amount: 123_456, invoice_number: 'EVG-CONVERT-1' });

    const files = (await call('GET', `${books.bill(bill.guid)}/attachments`)).json();
    expect(files).toMatchObject([{ original_name: 'invoice.pdf', mime_type: 'application/pdf' }]);
    const bytes = await call('GET', `${books.bill(bill.guid)}/attachments/${files[0].guid}/download`);
    expect(bytes.rawPayload.equals(INVOICE)).toBe(true);

    // The e-mail left the inbox for the archived pre-bills, linked to its bill.
    const live = (await call('GET', `${inbox}/emails?search=Evergreen%20to%20convert`)).json();
    expect(live.count).toBe(0);
    const archived = (await call('GET', `${inbox}/emails/${email.guid}`)).json();
    expect(archived).toMatchObject({ bill: bill.guid });
    expect(archived.archived_at).not.toBeNull();
    const [audit] = await auditOf(t, email.guid, 'inbox_email_converted');
    expect(audit?.changes).toMatchObject({
      bill: { before: null, after: bill.guid },
      attachments: { before: null, after: ['invoice.pdf'] },
    });

    const again = await call('POST', convertUrl, { ...request, invoice_number: 'EVG-CONVERT-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_converted' });
    // Deleting the bill's copy of the PDF leaves the e-mail's own file.
    await call('POST', `${inbox}/emails/${email.guid}/unarchive`);
    const own = await call('GET', `${inbox}/emails/${email.guid}/attachments/${email.attachments[0].guid}`);
    expect(own.statusCode).toBe(200);

    // An archived e-mail is brought back before it is converted.
    const other = await receive('Evergreen archived');
    await t.app.inject({
      method: 'DELETE',
      url: `${inbox}/emails/${other.guid}`,
      headers: bearer(await login(t.app, 'manager@demo.test')),
    });
    const fromArchive = await call('POST', `${inbox}/emails/${other.guid}/convert`, request);
    expect(fromArchive.statusCode).toBe(409);
    expect(fromArchive.json()).toMatchObject({ code: 'email_archived' });
  });

  it('leaves nothing half-done when converting fails part-way', async () => {
    const { books, call, inbox, receive } = await setUp();
    const email = await receive('Evergreen broken', [
      { name: 'invoice.pdf', type: 'application/pdf', data: INVOICE },
      { name: 'statement.pdf', type: 'application/pdf', data: minimalPdf(['Statement']) },
    ]);
    const { db } = t.deps.database;
    // The second file's bytes are gone from storage: the bill and the first copy are written by then.
    const [second] = await db
      .select()
      .from(inboxEmailAttachments)
      .where(eq(inboxEmailAttachments.guid, email.attachments[1].guid));
    await t.deps.storage.remove(second?.storageKey ?? '');
    const billsOf = async () =>
      (await db.select().from(bills).where(eq(bills.clientId, books.client.id))).length;
    const billFiles = () => {
      try {
        const found = readdirSync(join(t.config.filesDir, 'bills'), { recursive: true, withFileTypes: true });
        return found.filter((entry) => entry.isFile()).length;
      } catch {
        return 0;
      }
    };
    const [billsBefore, filesBefore] = [await billsOf(), billFiles()];

    const res = await call('POST', `${inbox}/emails/${email.guid}/convert`, {
      ...books.request({ vendor: books.landscaping.guid, invoice_number: 'EVG-BROKEN' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'attachment_missing' });
    expect(await billsOf()).toBe(billsBefore);
    expect(billFiles()).toBe(filesBefore);
    const still = (await call('GET', `${inbox}/emails/${email.guid}`)).json();
    expect(still).toMatchObject({ archived_at: null, bill: null });
    expect(await auditOf(t, email.guid, 'inbox_email_converted')).toEqual([]);

    // A refused bill (an account of another entity) leaves it the same, and a file that cannot become
    // a bill's is refused by name.
    const badLines = await call('POST', `${inbox}/emails/${email.guid}/convert`, {
      ...books.request({ lines: [{ account: books.parent.guid, amount: 12_345 }] }),
      attachments: [email.attachments[0].guid],
    });
    expect(badLines.statusCode).toBe(400);
    const notHers = await call('POST', `${inbox}/emails/${email.guid}/convert`, {
      ...books.request(),
      attachments: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(notHers.json()).toEqual({
      attachments: ["Choose attachments of this e-mail that can become a bill's."],
    });
    expect(await billsOf()).toBe(billsBefore);

    // Converting with the files that are there works.
    const ok = await call('POST', `${inbox}/emails/${email.guid}/convert`, {
      ...books.request({ vendor: books.landscaping.guid, invoice_number: 'EVG-BROKEN' }),
      attachments: [email.attachments[0].guid],
    });
    expect(ok.statusCode).toBe(201);
    expect(await billsOf()).toBe(billsBefore + 1);
  });
});
