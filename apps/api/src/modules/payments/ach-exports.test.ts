import { randomUUID } from 'node:crypto';
import type { AchExport, Bill } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { caller, orgGuidOf } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { billBooks } from '../bills/test-support.ts';
import { vendors } from '../entities/tables.ts';

const SETTINGS = {
  bank_routing_number: '021000021',
  bank_name: 'First Demo Bank',
  company_identification: '1123456789',
  company_name: 'Demo Family Off',
};

describe.each(backends)('ACH exports (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);
  const today = () => new Date(t.deps.now()).toISOString().slice(0, 10);

  /**
   * Replacing Pacific Power's seeded bank account holds its payments until another staff member records
   * a call-back (decision 022): the super admin calls the number on record and verifies.
   */
  async function callBack(b: Awaited<ReturnType<ReturnType<typeof kit>['books']>>) {
    const k = kit();
    const manager = await k.as('manager@demo.test');
    await manager.patch(
      `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors/${b.power.guid}`,
      {
        primary_phone: '503-555-0100',
      },
    );
    const vendor = `/v1/billing/organizations/${b.org.guid}/vendors/${b.power.guid}`;
    // Writing the same account again is no change, so there may be nothing to verify.
    if (!(await manager.get(vendor)).json().payment_hold) return;
    const res = await (await k.as('super@demo.test')).post(`${vendor}/verification`, {
      called_person: 'Accounts receivable',
      outcome: 'verified',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('checks routing numbers and keeps the organisation settings and vendor bank accounts', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const settings = `/v1/billing/organizations/${b.org.guid}/ach-settings`;
    // The demo organisation originates through a demo bank (seed); Second Org has not set it up.
    expect((await manager.get(settings)).json()).toMatchObject({ bank_routing_number: '021000021' });
    const second = `/v1/billing/organizations/${await orgGuidOf(t, 'Second Org')}/ach-settings`;
    expect((await (await k.as('other@second.test')).get(second)).statusCode).toBe(404);
    let res = await manager.put(settings, { ...SETTINGS, bank_routing_number: '021000022' });
    expect(res.statusCode).toBe(400);
    expect(res.json().bank_routing_number).toEqual(['This is not a valid routing number; check the digits.']);
    res = await manager.put(settings, SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect((await manager.get(settings)).json()).toEqual(SETTINGS);
    // The associate cannot pay bills, so cannot set up their origination either.
    expect((await (await k.as('associate@demo.test')).put(settings, SETTINGS)).statusCode).toBe(403);

    const account = `/v1/billing/clients/${b.client.guid}/vendors/${b.power.guid}/bank-account`;
    res = await manager.put(account, {
      routing_number: '12345678',
      account_number: '1',
      account_type: 'loan',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['account_number', 'account_type', 'routing_number']);
    res = await manager.put(account, {
      routing_number: '011000015',
      account_number: '99887766',
      account_type: 'checking',
    });
    expect(res.statusCode, res.body).toBe(200);
    await callBack(b);
    // Another organisation's staff do not reach the vendor.
    expect((await (await k.as('other@second.test')).get(account)).statusCode).toBe(404);
  });

  it('exports the approved ACH payments as a NACHA file once, and records them all in one step', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    await manager.put(`/v1/billing/organizations/${b.org.guid}/ach-settings`, SETTINGS);
    const exports = `/v1/billing/clients/${b.client.guid}/ach-exports`;
    const body = { paid_from_account: await k.payingAccount(), effective_date: '2030-01-10' };

    const [power] = await t.deps.database.db.select().from(vendors).where(eq(vendors.id, b.power.id));
    // A vendor without a bank account: its bill is left out and named.
    const noAccount = await k.paymentPendingBill({ vendor: b.landscaping.guid });
    const first = await k.paymentPendingBill({ amount: 12_345 });
    await manager.put(`/v1/billing/clients/${b.client.guid}/vendors/${b.power.guid}/bank-account`, {
      routing_number: '011000015',
      account_number: '99887766',
      account_type: 'checking',
    });
    await callBack(b);
    const second = await k.paymentPendingBill({
      amount: 50_000,
      invoice_number: 'INV-ÉTÉ-2',
      lines: [{ account: b.electricity.guid, amount: 50_000 }],
    });
    const check = await k.paymentPendingBill({ payment_method: 'check' });

    let res = await manager.post(exports, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as AchExport;
    const mine = made.bills.filter((x) => [first.guid, second.guid].includes(x.guid));
    expect(mine).toHaveLength(2);
    expect(made.bills.some((x) => x.guid === check.guid)).toBe(false);
    expect(made.missing_bank_account).toContain(noAccount.guid);
    const total = made.bills.reduce((sum, x) => sum + x.amount, 0);
    expect(made).toMatchObject({ entry_count: made.bills.length, total_amount: total, recorded_on: null });

    // The file: 94-character records in blocks of 10, header, batch, entries, controls.
    const file = await manager.get(`${exports}/${made.guid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="ACH-\d{8}-1\.ach"$/);
    const lines = file.body.split('\r\n');
    expect(lines.length % 10).toBe(0);
    expect(lines.every((l) => l.length === 94)).toBe(true);
    expect(lines[0]?.slice(0, 1)).toBe('1');
    expect(lines[0]?.slice(3, 13)).toBe(' 021000021');
    expect(lines[0]?.slice(13, 23)).toBe('1123456789');
    expect(lines[0]?.slice(40, 63).trim()).toBe('FIRST DEMO BANK');
    const batch = lines[1] ?? '';
    expect(batch.slice(0, 4)).toBe('5220');
    expect(batch.slice(50, 53)).toBe('CCD');
    expect(batch.slice(69, 75)).toBe('300110'); // effective entry date YYMMDD
    const entries = lines.filter((l) => l.startsWith('6'));
    expect(entries).toHaveLength(made.entry_count);
    for (const entry of entries.filter((e) => e.slice(54, 76).trim() === power?.name.toUpperCase())) {
      expect(entry.slice(1, 3)).toBe('22'); // checking credit
      expect(entry.slice(3, 12)).toBe('011000015');
      expect(entry.slice(12, 29).trim()).toBe('99887766');
    }
    expect(entries.map((e) => Number(e.slice(29, 39)))).toEqual(expect.arrayContaining([12_345, 50_000]));
    expect(entries.map((e) => e.slice(79, 94)).sort()).toEqual(made.bills.map((x) => x.trace_number).sort());
    expect(entries.some((e) => e.includes('INV-ETE-2'))).toBe(true);
    const fileControl = lines.find((l) => l.startsWith('9') && !/^9+$/.test(l)) ?? '';
    expect(Number(fileControl.slice(31, 43))).toBe(0); // no debits
    expect(Number(fileControl.slice(43, 55))).toBe(total); // credits

    // Exported once: the same bills are not in a second file.
    res = await manager.post(exports, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'The ACH payments waiting here have vendors without a bank account: add their bank accounts first.',
    );

    // One step pays them all, with the trace numbers as references; a replay answers the same.
    const keyed = caller(t, await login(t.app, 'manager@demo.test'), { 'idempotency-key': randomUUID() });
    const record = `${exports}/${made.guid}/record-payments`;
    res = await keyed.post(record, { payment_date: today() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recorded_on).not.toBeNull();
    expect((await keyed.post(record, { payment_date: today() })).json()).toEqual(res.json());
    for (const line of made.bills) {
      const paid = (await manager.get(b.bill(line.guid))).json() as Bill;
      expect(paid).toMatchObject({
        status: 'paid',
        paid_date: today(),
        payment_reference: line.trace_number,
        paid_from_account: { name: 'Operating account' },
      });
    }
    expect((await manager.post(record, { payment_date: today() })).statusCode).toBe(409);
    expect((await k.statusOf(check.guid))?.status).toBe('payment_pending');

    // Another tenant sees neither the exports nor the file.
    const other = await k.as('other@second.test');
    expect((await other.get(`${exports}/${made.guid}/file`)).statusCode).toBe(404);
    const brennan = await billBooks(t, 'Brennan Family');
    expect((await manager.get(`/v1/billing/clients/${brennan.client.guid}/ach-exports`)).statusCode).toBe(
      404,
    );
  });

  it('records none of an export when one of its bills can no longer be paid', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    await manager.put(`/v1/billing/organizations/${b.org.guid}/ach-settings`, SETTINGS);
    await manager.put(`/v1/billing/clients/${b.client.guid}/vendors/${b.power.guid}/bank-account`, {
      routing_number: '011000015',
      account_number: '1234',
      account_type: 'savings',
    });
    await callBack(b);
    const kept = await k.paymentPendingBill({ invoice_number: 'KEPT-1' });
    const gone = await k.paymentPendingBill({ invoice_number: 'GONE-1' });
    const exports = `/v1/billing/clients/${b.client.guid}/ach-exports`;
    const made = (
      await manager.post(exports, {
        paid_from_account: await k.payingAccount(),
        effective_date: '2030-01-10',
      })
    ).json() as AchExport;
    const file = (await manager.get(`${exports}/${made.guid}/file`)).body;
    expect(file.split('\r\n').filter((l) => l.startsWith('632'))).toHaveLength(made.entry_count);
    // Paid by hand meanwhile.
    expect((await k.pay(manager, gone)).statusCode).toBe(200);
    const res = await manager.post(`${exports}/${made.guid}/record-payments`, { payment_date: today() });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^GONE-1: /);
    expect((await k.statusOf(kept.guid))?.status).toBe('payment_pending');
  });
});
