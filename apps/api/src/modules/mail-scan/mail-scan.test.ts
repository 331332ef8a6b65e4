import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, clientGuidOf, orgGuidOf } from '../../test/org-admin.ts';
import { ECM_STAND_IN_KEY, type EcmStandIn, startEcmStandIn } from './ecm-stand-in-test-support.ts';
import { mailScanConnections } from './tables.ts';

const SECRET = 'mail-scan-webhook-secret-0001';
const INVOICE = [
  'Evergreen Landscaping',
  'Invoice Number: EVG-2026-311',
  'Amount Due: $1,234.56',
  'Due Date: 12/15/2026',
];

/** Mail-scan mailboxes through the Earth Class Mail stand-in (decision 036): pieces into the pre-bill inbox. */
describe.each(backends)('mail scan (%s)', (backend) => {
  const t = useTestApp(backend);
  let ecm: EcmStandIn;
  let staff: Caller;
  let base: string;
  let harper: string;
  const webhook = (headers: Record<string, string>, body: string) =>
    t.app.inject({ method: 'POST', url: '/v1/integrations/mail-service/webhook', headers, payload: body });
  const inbox = async () =>
    (await staff.get(`/v1/inbox/clients/${harper}/emails?page_size=50`)).json().results as {
      guid: string;
      source: string;
      from_name: string | null;
      subject: string;
      attachments: { guid: string }[];
    }[];

  beforeAll(async () => {
    ecm = await startEcmStandIn();
    t.config.findata.mailScan = { baseUrl: ecm.url, webhookSecret: SECRET };
    staff = caller(t, await login(t.app, 'manager@demo.test'));
    base = `/v1/integrations/organizations/${await orgGuidOf(t, 'Demo Family Office')}/mail-service`;
    harper = await clientGuidOf(t, 'Harper Household');
    ecm.addInbox('Harper mail');
    ecm.addInbox('Okafor mail');
    ecm.addInbox('Office mail');
  });
  afterAll(() => ecm?.close());

  it('connects with a key the service accepts, kept sealed, and lists every page of mailboxes', async () => {
    expect((await staff.get(`${base}/status`)).json()).toMatchObject({ configured: false, reachable: false });
    const bad = await staff.put(base, { api_key: 'not-the-right-key-000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ api_key: ['The mail-scan service did not accept this API key.'] });
    const good = await staff.put(base, { api_key: ECM_STAND_IN_KEY });
    expect(good.json()).toMatchObject({ configured: true, reachable: true, mailbox_count: 3 });
    const [row] = await t.deps.database.db.select().from(mailScanConnections);
    expect(row?.apiKeySealed).not.toContain(ECM_STAND_IN_KEY);
    const boxes = (await staff.get(`${base}/mailboxes`)).json().results;
    expect(boxes.map((b: { name: string }) => b.name)).toEqual(['Harper mail', 'Office mail', 'Okafor mail']);
    const assigned = await staff.put(`${base}/mailboxes/inbox-1`, { client_guid: harper });
    expect(assigned.json().results[0]).toMatchObject({
      mailbox_id: 'inbox-1',
      client_guid: harper,
      client_name: 'Harper Household',
    });
    const other = await staff.put(`${base}/mailboxes/inbox-2`, {
      client_guid: '00000000-0000-4000-8000-000000000001',
    });
    expect(other.json()).toEqual({ client_guid: ['Choose a client of this organisation.'] });
  });

  it('files polled pieces once as mail_scan pre-bills with the prefill of e-mail', async () => {
    ecm.addPiece('inbox-1', { sender_name: 'Evergreen Landscaping', lines: INVOICE });
    ecm.addPiece('inbox-1', { sender_name: 'City of Portland', lines: ['Water bill'] });
    ecm.addPiece('inbox-1', { sender_name: 'IRS', lines: ['Notice'] });
    ecm.addPiece('inbox-2', { sender_name: 'Not filed', lines: ['Unassigned mailbox'] });
    ecm.rateLimitNext(1);
    const before = (await inbox()).length;
    expect((await staff.post(`${base}/poll`)).json()).toEqual({ received: 3, skipped: 0 });
    expect((await staff.post(`${base}/poll`)).json()).toEqual({ received: 0, skipped: 0 });
    const emails = await inbox();
    expect(emails).toHaveLength(before + 3);
    const evergreen = emails.find((e) => e.from_name === 'Evergreen Landscaping');
    expect(evergreen).toMatchObject({
      source: 'mail_scan',
      subject: 'Scanned mail from Evergreen Landscaping (Harper mail)',
    });
    const prefill = await staff.get(
      `/v1/inbox/clients/${harper}/emails/${evergreen?.guid}/attachments/${evergreen?.attachments[0]?.guid}/prefill`,
    );
    expect(prefill.json()).toMatchObject({
      text_found: true,
      amount: { value: 123_456 },
      invoice_number: { value: 'EVG-2026-311' },
      due_date: { value: '2026-12-15' },
    });
    const mine = (await staff.get(`/v1/accounts/clients/${harper}/mail-service/mailboxes`)).json().results;
    expect(mine).toMatchObject([{ mailbox_id: 'inbox-1', pieces_received: 3 }]);
  });

  it("files a piece the service's signed webhook announces, and only then", async () => {
    const piece = ecm.addPiece('inbox-1', { sender_name: 'Pacific Power & Light', lines: ['Electricity'] });
    const signed = ecm.signedWebhook(SECRET, piece);
    expect(
      (await webhook({ ...signed.headers, 'x-webhook-signature': 'sha256=00' }, signed.body)).statusCode,
    ).toBe(401);
    expect((await webhook({ 'content-type': 'application/json' }, signed.body)).statusCode).toBe(401);
    expect((await webhook(signed.headers, signed.body)).json()).toEqual({ status: 'filed' });
    expect((await webhook(signed.headers, signed.body)).json()).toEqual({ status: 'ignored' });
    expect(
      (await inbox()).filter((e) => e.source === 'mail_scan' && e.from_name === 'Pacific Power & Light'),
    ).toHaveLength(1);
  });

  it('is for the organisation that connected it', async () => {
    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other.get(`${base}/mailboxes`)).statusCode).toBe(404);
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client.get(`${base}/mailboxes`)).statusCode).toBe(404);
    expect((await staff.del(base)).statusCode).toBe(204);
    expect((await staff.get(`${base}/status`)).json()).toMatchObject({ configured: false });
  });
});
