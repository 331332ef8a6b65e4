import type { BillStatus } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import {
  type Backend,
  backends,
  bearer,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';
import { bills } from '../bill-core/tables.ts';
import { billBooks } from '../bills/test-support.ts';
import { clientAssignments, clientUsers } from '../clients/tables.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { users } from '../users/tables.ts';
import { billMessageReceipts, billMessages } from './tables.ts';

type Method = 'GET' | 'POST';

/** Signs in once per account and calls as it. */
function people(t: TestApp) {
  const tokens = new Map<string, Awaited<ReturnType<typeof login>>>();
  return async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, await login(t.app, email));
    const auth = bearer(tokens.get(email) as Awaited<ReturnType<typeof login>>);
    return (method: Method, url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  };
}

describe.each(backends)('bill messages (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const as = people(t);
  const db = () => t.deps.database.db;

  /** A bill inserted as the workflow would leave it (the bill API has its own tests). */
  async function newBill(
    options: { status?: BillStatus; vendor?: 'power' | 'landscaping'; entity?: 'legal' | 'personal' } = {},
  ) {
    const books = await billBooks(t);
    const entity = options.entity === 'personal' ? books.personal : books.legal;
    const vendor = options.vendor === 'landscaping' ? books.landscaping : books.power;
    const [bill] = await db()
      .insert(bills)
      .values({
        organizationId: books.client.organizationId,
        clientId: books.client.id,
        entityId: entity.id,
        vendorId: vendor.id,
        amount: 12_345,
        dueDate: '2030-01-15',
        paymentMethod: 'ach',
        invoiceSource: 'mail_scan',
        status: options.status ?? 'client_approval',
        extBillId: 'QB-77',
      })
      .returning();
    if (!bill) throw new Error('no bill');
    const client = `/v1/billing/clients/${books.client.guid}`;
    return {
      bill,
      books,
      client,
      messages: `${client}/bills/${bill.guid}/messages`,
      org: `/v1/billing/organizations/${books.org.guid}`,
    };
  }

  async function receiptsOf(messageGuid: string) {
    const rows = await db()
      .select({ email: users.email, readAt: billMessageReceipts.readAt })
      .from(billMessageReceipts)
      .innerJoin(billMessages, eq(billMessages.id, billMessageReceipts.messageId))
      .innerJoin(users, eq(users.id, billMessageReceipts.userId))
      .where(eq(billMessages.guid, messageGuid));
    return rows.map((r) => r.email).sort();
  }
  async function clientUserOf(email: string) {
    const [row] = await db()
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(eq(users.email, email));
    return row?.id as number;
  }

  it('staff write, every client user gets it unread, reading it clears it once and for all', async () => {
    const { messages, client, bill } = await newBill();
    const manager = await as('manager@demo.test');
    const posted = await manager('POST', messages, { body: 'Please approve <b>this</b> one.' });
    expect(posted.statusCode).toBe(201);
    const message = posted.json();
    expect(message).toMatchObject({
      body: 'Please approve <b>this</b> one.',
      content_type: 'text',
      unread: false,
      bill: { guid: bill.guid, ext_bill_id: 'QB-77' },
      from_user: { first_name: 'Maya', last_name: 'Manager', avatar: null },
    });
    expect(await receiptsOf(message.guid)).toEqual([
      'advisor@demo.test',
      'client@demo.test',
      'designee@demo.test',
      'multi@demo.test',
      'observer@demo.test',
    ]);
    const [audit] = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectGuid, message.guid), eq(auditRecords.action, 'bill_message_posted')));
    expect(audit?.changes).toMatchObject({ recipients: { after: 5 }, bill: { after: bill.guid } });

    const claire = await as('client@demo.test');
    const thread = (await claire('GET', messages)).json();
    expect(thread).toMatchObject({ count: 1, results: [{ guid: message.guid, unread: true }] });
    expect((await claire('GET', `${client}/messages?unread=true`)).json().count).toBe(1);

    const read = await claire('POST', `${messages}/${message.guid}/read`);
    expect(read.statusCode).toBe(204);
    expect((await claire('POST', `${messages}/${message.guid}/read`)).statusCode).toBe(204);
    expect((await claire('GET', messages)).json().results[0].unread).toBe(false);
    expect((await claire('GET', `${client}/messages?unread=true`)).json().count).toBe(0);
    // Someone else's receipt is theirs: the designee still has it unread.
    expect((await (await as('designee@demo.test'))('GET', messages)).json().results[0].unread).toBe(true);
    const reads = await db()
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectGuid, message.guid), eq(auditRecords.action, 'bill_messages_read')));
    expect(reads).toHaveLength(1);
  });

  it('a client user writes: the assigned staff get it, the author and unassigned staff do not', async () => {
    const { messages, org } = await newBill();
    const claire = await as('client@demo.test');
    const posted = await claire('POST', messages, { body: 'Paid already by cheque?' });
    expect(posted.statusCode).toBe(201);
    const message = posted.json();
    // super@demo.test is not assigned to Harper Household; expired@demo.test is (and still a member).
    expect(await receiptsOf(message.guid)).toEqual([
      'associate@demo.test',
      'expired@demo.test',
      'manager@demo.test',
    ]);
    const manager = await as('manager@demo.test');
    const inbox = (await manager('GET', `${org}/messages?unread=true`)).json();
    expect(inbox.results[0]).toMatchObject({
      guid: message.guid,
      unread: true,
      from_user: { first_name: 'Claire', last_name: 'Harper' },
    });
    expect((await (await as('super@demo.test'))('GET', `${org}/messages`)).json().results).not.toContainEqual(
      expect.objectContaining({ guid: message.guid }),
    );
    expect((await claire('GET', messages)).json().results.at(-1)).toMatchObject({
      guid: message.guid,
      unread: false,
    });
  });

  it('sends to every active member when nobody is assigned to the client', async () => {
    const { messages } = await newBill();
    const books = await billBooks(t);
    const saved = await db()
      .select()
      .from(clientAssignments)
      .where(eq(clientAssignments.clientId, books.client.id));
    await db().delete(clientAssignments).where(eq(clientAssignments.clientId, books.client.id));
    try {
      const message = (await (await as('client@demo.test'))('POST', messages, { body: 'Anyone?' })).json();
      expect(await receiptsOf(message.guid)).toEqual([
        'associate@demo.test',
        'expired@demo.test',
        'manager@demo.test',
        'super@demo.test',
      ]);
    } finally {
      await db()
        .insert(clientAssignments)
        .values(saved.map(({ id: _id, ...row }) => row));
    }
  });

  it("shows the organisation's unread_count from the caller's receipts, and read-all clears it", async () => {
    const { messages, org, books } = await newBill();
    const associate = await as('associate@demo.test');
    await associate('POST', `${org}/messages/read-all`);
    const count = async () => {
      const list = (await associate('GET', '/v1/accounts/organizations')).json();
      const detail = (await associate('GET', `/v1/accounts/organizations/${books.org.guid}`)).json();
      expect(detail.unread_count).toBe(list.results[0].unread_count);
      return detail.unread_count as number;
    };
    expect(await count()).toBe(0);
    const claire = await as('client@demo.test');
    await claire('POST', messages, { body: 'One' });
    await claire('POST', messages, { body: 'Two' });
    expect(await count()).toBe(2);
    const two = (await associate('GET', `${org}/messages?unread=true`)).json();
    expect(two.results.map((m: { body: string }) => m.body)).toEqual(['Two', 'One']);
    expect((await associate('POST', `${messages}/${two.results[0].guid}/read`)).statusCode).toBe(204);
    expect(await count()).toBe(1);
    expect((await associate('POST', `${org}/messages/read-all`)).statusCode).toBe(204);
    expect(await count()).toBe(0);
    expect((await associate('GET', `${org}/messages?unread=true`)).json().count).toBe(0);
    expect((await associate('GET', `${org}/messages`)).json().count).toBeGreaterThanOrEqual(2);
    // The manager's own receipts are untouched by the associate's read-all.
    const manager = await as('manager@demo.test');
    expect((await manager('GET', `${org}/messages?unread=true`)).json().count).toBeGreaterThanOrEqual(2);
  });

  it('sanitises html messages and keeps text as typed', async () => {
    const { messages } = await newBill();
    const manager = await as('manager@demo.test');
    const html = await manager('POST', messages, {
      content_type: 'html',
      body:
        '<p onclick="x()">See <a href="javascript:alert(1)">this</a> and <a href="https://vendor.example">that</a></p>' +
        '<script>steal()</script><img src=x onerror="steal()"><iframe src="https://evil.example"></iframe><ul><li><em>ok</em></li></ul>',
    });
    expect(html.statusCode).toBe(201);
    expect(html.json().body).toBe(
      '<p>See <a rel="noopener noreferrer nofollow" target="_blank">this</a> and ' +
        '<a href="https://vendor.example" rel="noopener noreferrer nofollow" target="_blank">that</a></p>' +
        '<ul><li><em>ok</em></li></ul>',
    );
    const text = await manager('POST', messages, { body: '<script>stays as typed</script>' });
    expect(text.json()).toMatchObject({ body: '<script>stays as typed</script>', content_type: 'text' });
    const empty = await manager('POST', messages, { content_type: 'html', body: '<script>only</script>' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['body']);
    const bad = await manager('POST', messages, { body: '   ', extra: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('lets observers read and mark read but not write', async () => {
    const { messages } = await newBill();
    const message = (await (await as('manager@demo.test'))('POST', messages, { body: 'FYI' })).json();
    const observer = await as('observer@demo.test');
    expect((await observer('GET', messages)).json().results[0]).toMatchObject({
      guid: message.guid,
      unread: true,
    });
    expect((await observer('POST', `${messages}/${message.guid}/read`)).statusCode).toBe(204);
    const refused = await observer('POST', messages, { body: 'Can I?' });
    expect(refused.statusCode).toBe(403);
    expect((await observer('GET', messages)).json().count).toBe(1);
  });

  it("hides an excluded vendor's bills, and other entities' bills from a restricted designee", async () => {
    const excluded = await newBill({ vendor: 'landscaping' });
    const elsewhere = await newBill({ entity: 'personal' });
    const designee = await clientUserOf('designee@demo.test');
    const observer = await clientUserOf('observer@demo.test');
    await db().insert(excludedVendors).values({ clientUserId: observer, vendorId: excluded.bill.vendorId });
    await db()
      .insert(designatedEntities)
      .values({ clientUserId: designee, entityId: excluded.books.legal.id });
    try {
      const manager = await as('manager@demo.test');
      const onExcluded = (await manager('POST', excluded.messages, { body: 'Mowing invoice' })).json();
      const onPersonal = (await manager('POST', elsewhere.messages, { body: 'Personal bill' })).json();
      expect(await receiptsOf(onExcluded.guid)).not.toContain('observer@demo.test');
      expect(await receiptsOf(onExcluded.guid)).toContain('designee@demo.test');
      expect(await receiptsOf(onPersonal.guid)).not.toContain('designee@demo.test');
      expect(await receiptsOf(onPersonal.guid)).toContain('observer@demo.test');

      const asObserver = await as('observer@demo.test');
      expect((await asObserver('GET', excluded.messages)).statusCode).toBe(404);
      expect((await asObserver('POST', `${excluded.messages}/${onExcluded.guid}/read`)).statusCode).toBe(404);
      const drawer = (await asObserver('GET', `${excluded.client}/messages?page_size=100`)).json();
      const guids = drawer.results.map((m: { guid: string }) => m.guid);
      expect(guids).not.toContain(onExcluded.guid);
      expect(guids).toContain(onPersonal.guid);

      const asDesignee = await as('designee@demo.test');
      expect((await asDesignee('GET', elsewhere.messages)).statusCode).toBe(404);
      expect((await asDesignee('POST', elsewhere.messages, { body: 'Hm' })).statusCode).toBe(404);
      // Staff see both.
      expect((await manager('GET', excluded.messages)).json().count).toBe(1);
    } finally {
      await db().delete(excludedVendors).where(eq(excludedVendors.clientUserId, observer));
      await db().delete(designatedEntities).where(eq(designatedEntities.clientUserId, designee));
    }
  });

  it('keeps drafts between staff: no receipts for the client, and 404 for its users', async () => {
    const { messages } = await newBill({ status: 'pre_bill' });
    const message = (await (await as('manager@demo.test'))('POST', messages, { body: 'Draft note' })).json();
    expect(await receiptsOf(message.guid)).toEqual([]);
    expect((await (await as('client@demo.test'))('GET', messages)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's bill, message or organisation", async () => {
    const { messages, client, org } = await newBill();
    const other = await newBill();
    const message = (await (await as('manager@demo.test'))('POST', messages, { body: 'Hello' })).json();
    const outsider = await as('other@second.test');
    for (const [method, url] of [
      ['GET', messages],
      ['POST', messages],
      ['POST', `${messages}/${message.guid}/read`],
      ['GET', `${client}/messages`],
      ['GET', `${org}/messages`],
      ['POST', `${org}/messages/read-all`],
    ] as const) {
      const res = await outsider(method, url, method === 'POST' ? { body: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A message guid on another bill of the same client is not found on this one.
    const claire = await as('client@demo.test');
    expect((await claire('POST', `${other.messages}/${message.guid}/read`)).statusCode).toBe(404);
    // Client users are not members of the organisation.
    expect((await claire('GET', `${org}/messages`)).statusCode).toBe(404);
  });

  it('pages a thread oldest first and the drawer newest first', async () => {
    const { messages, client } = await newBill();
    const manager = await as('manager@demo.test');
    for (const body of ['first', 'second', 'third']) await manager('POST', messages, { body });
    const page1 = (await manager('GET', `${messages}?page_size=2`)).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((m: { body: string }) => m.body)).toEqual(['first', 'second']);
    expect(page1.next).toContain('page=2');
    const page2 = (await manager('GET', `${messages}?page_size=2&page=2`)).json();
    expect(page2.results.map((m: { body: string }) => m.body)).toEqual(['third']);
    const drawer = (await (await as('client@demo.test'))('GET', `${client}/messages?page_size=1`)).json();
    expect(drawer.results[0].body).toBe('third');
  });
});
