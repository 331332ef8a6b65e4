import type { MasterVendorDetail, ParentVendor, VendorEvent } from '@bp/contracts';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';

const ACCOUNT = { routing_number: '011000015', account_number: '55554444', account_type: 'checking' };

describe.each(backends)('vendor payment hold after a change of payment details (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);

  it('bank account change → payment blocked → verified by another staff member → payment allowed', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const superAdmin = await k.as('super@demo.test');
    const bill = await k.paymentPendingBill();
    const vendorUrl = `/v1/billing/organizations/${b.org.guid}/vendors/${b.power.guid}`;

    // Pacific Power's seeded bank account is replaced: the vendor now waits for a call-back.
    const put = await manager.put(
      `/v1/billing/clients/${b.client.guid}/vendors/${b.power.guid}/bank-account`,
      ACCOUNT,
    );
    expect(put.statusCode, put.body).toBe(200);
    const held = (await manager.get(vendorUrl)).json() as MasterVendorDetail;
    expect(held).toMatchObject({ verification_status: 'verification_required', payment_hold: true });
    expect(held.pending_change?.changed_by?.first_name).toBe('Maya');

    let res = await k.pay(manager, bill);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'vendor_verification_required',
      detail: expect.stringMatching(
        /^Payment to Pacific Power & Light is on hold: its payment details changed/,
      ),
    });
    expect((await k.statusOf(bill.guid))?.status).toBe('payment_pending');

    // Four eyes: whoever changed the details may not verify them.
    const body = { called_person: 'Dana at PP&L accounts receivable', outcome: 'verified' };
    res = await manager.post(`${vendorUrl}/verification`, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('verification_by_author');
    // The associate does not hold "vendors.verify".
    expect(
      (await (await k.as('associate@demo.test')).post(`${vendorUrl}/verification`, body)).statusCode,
    ).toBe(403);
    res = await superAdmin.post(`${vendorUrl}/verification`, {
      ...body,
      outcome: 'failed',
      notes: 'No answer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MasterVendorDetail).payment_hold).toBe(true);
    expect((await k.pay(manager, bill)).statusCode).toBe(409);

    res = await superAdmin.post(`${vendorUrl}/verification`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      verification_status: 'verified',
      payment_hold: false,
      pending_change: null,
    });
    res = await k.pay(manager, bill);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('paid');

    // Every change and verification is in the vendor's history, newest first.
    const history = (await manager.get(`${vendorUrl}/history`)).json().results as VendorEvent[];
    expect(history.map((e) => e.kind)).toEqual([
      'verification_recorded',
      'verification_recorded',
      'bank_account_changed',
    ]);
    expect(history[0]).toMatchObject({
      details: { called_person: body.called_person, phone_number: '5035550110', outcome: 'verified' },
      by: { first_name: 'Sam' },
    });
    expect(history[1]?.details).toMatchObject({ outcome: 'failed', notes: 'No answer' });
    expect(history[2]?.details).toEqual({
      routing_number: '011000015',
      account_last4: '4444',
      verification_required: true,
    });
  });

  it("holds approval into payment and the NACHA export too, also for a parent vendor's address change", async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const org = `/v1/billing/organizations/${b.org.guid}`;
    const lead = await k.staff('Lead');
    const bill = await k.enter(await k.as('associate@demo.test'));
    expect((await k.workflow(lead.as, bill, { action: 'approve' })).statusCode).toBe(200);

    // A parent vendor with a phone and an address; Pacific Power links to it.
    let res = await manager.post(`${org}/parent-vendors`, {
      name: 'Pacific Power (master)',
      addr1: '1 Utility Way',
      city: 'Portland',
      state: 'OR',
      primary_phone: '503-555-0199',
    });
    expect(res.statusCode, res.body).toBe(201);
    const parent = res.json() as ParentVendor;
    expect(
      (await manager.patch(`${org}/vendors/${b.power.guid}`, { parent_vendor: parent.guid })).statusCode,
    ).toBe(200);
    // The address checks are mailed to changes: the parent and every vendor under it are held.
    res = await manager.patch(`${org}/parent-vendors/${parent.guid}`, { addr1: '99 Elsewhere Ave' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      verification_status: 'verification_required',
      vendors: [{ guid: b.power.guid, payment_hold: true, verification_status: 'verified' }],
    });

    // The client's approval would send the bill to payment: refused while held.
    res = await k.workflow(await k.as('client@demo.test'), bill, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('vendor_verification_required');
    expect(res.json().detail).toMatch(/parent vendor Pacific Power \(master\) changed/);
    expect((await k.statusOf(bill.guid))?.status).toBe('client_approval');

    // The verification uses the parent's number on record.
    res = await (await k.as('super@demo.test')).post(`${org}/parent-vendors/${parent.guid}/verification`, {
      called_person: 'Front desk',
      outcome: 'verified',
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = (await manager.get(`${org}/parent-vendors/${parent.guid}/history`)).json()
      .results as VendorEvent[];
    expect(history[0]?.details).toMatchObject({ phone_number: '5035550199', outcome: 'verified' });
    expect(history.find((e) => e.kind === 'payment_details_changed')?.details).toEqual({
      fields: ['addr1'],
      before: { addr1: '1 Utility Way' },
      after: { addr1: '99 Elsewhere Ave' },
    });
    res = await k.workflow(await k.as('client@demo.test'), bill, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('payment_pending');

    // Changing the vendor's own address holds the NACHA export of its waiting ACH bill.
    res = await manager.patch(
      `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors/${b.power.guid}`,
      {
        city: 'Salem',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    res = await manager.post(`/v1/billing/clients/${b.client.guid}/ach-exports`, {
      paid_from_account: await k.payingAccount(),
      effective_date: '2030-01-10',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code, res.body).toBe('vendor_verification_required');

    // A vendor with no phone on record, its own or a parent's: the call-back cannot be recorded.
    const entityVendors = `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors`;
    const bare = (await manager.post(entityVendors, { name: 'Quiet Vendor', addr1: '1 First St' })).json();
    expect((await manager.patch(`${entityVendors}/${bare.guid}`, { addr1: '2 Second St' })).statusCode).toBe(
      200,
    );
    res = await (await k.as('super@demo.test')).post(`${org}/vendors/${bare.guid}/verification`, {
      called_person: 'Anyone',
      outcome: 'verified',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('no_callback_number');
  });
});
