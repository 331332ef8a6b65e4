import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { bills } from '../bill-core/tables.ts';
import { billBooks } from '../bills/test-support.ts';
import { outbox, pushDevices } from '../notifications/tables.ts';
import { users } from '../users/tables.ts';

/** A new message reaches the readers' phones, with the bill the push opens (decision 033). */
describe.each(backends)('message pushes (%s)', (backend) => {
  const t = useTestApp(backend);

  it("pushes a staff member's message to the client's phones with the bill and client, never to the author", async () => {
    const db = t.deps.database.db;
    const books = await billBooks(t);
    const [bill] = await db
      .insert(bills)
      .values({
        organizationId: books.client.organizationId,
        clientId: books.client.id,
        entityId: books.legal.id,
        vendorId: books.power.id,
        amount: 4_200,
        dueDate: '2030-02-01',
        paymentMethod: 'ach',
        invoiceSource: 'mail_scan',
        status: 'client_approval',
      })
      .returning();
    if (!bill) throw new Error('no bill');
    const userId = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
    const clientToken = `ExponentPushToken[client-${Date.now()}]`;
    const managerToken = `ExponentPushToken[manager-${Date.now()}]`;
    await db.insert(pushDevices).values([
      { userId: await userId('client@demo.test'), token: clientToken, platform: 'ios' },
      { userId: await userId('manager@demo.test'), token: managerToken, platform: 'ios' },
    ]);

    const manager = bearer(await login(t.app, 'manager@demo.test'));
    const long = `Please approve <b>this</b> one. ${'The meter was read twice. '.repeat(10)}`;
    const html = { body: long, content_type: 'html' };
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/billing/clients/${books.client.guid}/bills/${bill.guid}/messages`,
      headers: manager,
      payload: html,
    });
    expect(res.statusCode, res.body).toBe(201);

    const sentTo = async (token: string) =>
      db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'push'), eq(outbox.recipient, token)));
    const [push] = await sentTo(clientToken);
    expect(push?.subject).toBe('New message on a bill');
    // The message's text without its markup, shortened for a notification.
    expect(push?.bodyText.startsWith('Please approve this one. The meter was read twice.')).toBe(true);
    expect(push?.bodyText.length).toBeLessThanOrEqual(140);
    expect(JSON.parse(push?.bodyHtml ?? '{}')).toEqual({
      type: 'bill_message',
      bill: bill.guid,
      client: books.client.guid,
    });
    expect(await sentTo(managerToken)).toEqual([]);
  });
});
