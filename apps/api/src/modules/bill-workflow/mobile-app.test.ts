import type { Bill } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { outbox, pushDevices } from '../notifications/tables.ts';
import { workflowKit } from './test-support.ts';

/**
 * What the companion app relies on (decision 033): where it is listed, the bill page saying why Approve
 * is refused, and the awaiting-approval notice reaching the approver's phone with the bill to open.
 */
describe.each(backends)('the mobile app’s bill workflow (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);

  it('tells anyone, signed in or not, where the app is listed and its link scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/versions/config/mobile_app' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      app_store_url: t.deps.config.mobileApp.appStoreUrl,
      play_store_url: t.deps.config.mobileApp.playStoreUrl,
      app_scheme: 'billpay',
    });
  });

  it('tells a designee over its limit why Approve is refused, and an approver nothing', async () => {
    const k = kit();
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const bill = await k.enter(associate);
    expect((await k.workflow(lead.as, bill, { action: 'approve' })).statusCode).toBe(200);
    const page = (await k.books()).bill(bill.guid);

    const small = await k.clientUser('designee', 10_000);
    const asDesignee = (await small.as.get(page)).json() as Bill;
    expect(asDesignee.status).toBe('client_approval');
    expect(asDesignee.can.approve).toBe(false);
    expect(asDesignee.approve_refusal).toBe('This bill is above your approval limit.');

    const client = await k.as('client@demo.test');
    const asClient = (await client.get(page)).json() as Bill;
    expect(asClient.can.approve).toBe(true);
    expect(asClient.approve_refusal).toBeNull();
  });

  it('pushes the awaiting-approval notice with the bill and client to open', async () => {
    const k = kit();
    const db = t.deps.database.db;
    const associate = await k.as('associate@demo.test');
    const lead = await k.staff('Lead');
    const approver = await k.clientUser('client');
    const token = `ExponentPushToken[mobile-${Date.now()}]`;
    await db.insert(pushDevices).values({ userId: approver.user.id, token, platform: 'android' });
    const b = await k.books();
    const bill = await k.enter(associate);
    expect((await k.workflow(lead.as, bill, { action: 'approve' })).statusCode).toBe(200);

    const manager = await k.as('manager@demo.test');
    const res = await manager.post(
      `/v1/notifications/clients/${b.client.guid}/entities/${bill.entity.guid}/awaiting-approval`,
      { recipients: [approver.link?.guid] },
    );
    expect(res.statusCode, res.body).toBe(200);

    const pushes = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'push'), eq(outbox.recipient, token)));
    expect(pushes).toHaveLength(1);
    const data = JSON.parse(pushes[0]?.bodyHtml ?? '{}');
    expect(data).toMatchObject({ type: 'client_approval', client: b.client.guid, entity: bill.entity.guid });
    expect(data.bills).toContain(bill.guid);
    // One bill waiting: the push opens it; several (the demo's own are waiting too): the client's list.
    expect(data.bill).toBe(data.bills.length === 1 ? bill.guid : undefined);
  });
});
