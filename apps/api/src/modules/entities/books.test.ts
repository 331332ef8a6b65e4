import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { clientUsers } from '../clients/tables.ts';
import { users } from '../users/tables.ts';
import { parentVendors } from '../vendors/tables.ts';
import { designatedEntities } from './tables.ts';
import { auditOf, caller, demoClient } from './test-support.ts';

describe.each(backends)('books of an entity (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('keeps divisions, payment terms and customers of one entity: create, read, patch, delete, audited', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'associate@demo.test'));
    const books = harper.books(harper.legal.guid);
    const seeded = (await staff('GET', `${books}/divisions`)).json();
    expect(seeded.results.map((d: { name: string }) => d.name)).toEqual(['Lake House', 'Main Residence']);

    const division = await staff('POST', `${books}/divisions`, { name: 'Ski Chalet' });
    expect(division.statusCode).toBe(201);
    const divisionUrl = `${books}/divisions/${division.json().guid}`;
    expect((await staff('PATCH', divisionUrl, { is_active: false })).json()).toMatchObject({
      name: 'Ski Chalet',
      is_active: false,
    });
    expect((await auditOf(t, division.json().guid, 'division_updated'))[0]?.changes).toEqual({
      is_active: { before: true, after: false },
    });
    expect((await staff('DELETE', divisionUrl)).statusCode).toBe(204);
    expect((await staff('GET', divisionUrl)).statusCode).toBe(404);
    expect(await auditOf(t, division.json().guid)).toHaveLength(3);

    const term = await staff('POST', `${books}/payment-terms`, { name: 'Net 15', due_days: 15 });
    expect(term.json()).toMatchObject({ name: 'Net 15', due_days: 15 });
    const terms = (await staff('GET', `${books}/payment-terms`)).json();
    expect(terms.results.map((p: { due_days: number }) => p.due_days)).toEqual([0, 15, 30]);
    expect((await staff('POST', `${books}/payment-terms`, { name: 'Long', due_days: 366 })).statusCode).toBe(
      400,
    );
    expect((await staff('POST', `${books}/payment-terms`, { name: 'Neg', due_days: -1 })).statusCode).toBe(
      400,
    );
    const termUrl = `${books}/payment-terms/${term.json().guid}`;
    expect((await staff('PATCH', termUrl, { due_days: 365 })).json().due_days).toBe(365);
    expect((await staff('DELETE', termUrl)).statusCode).toBe(204);

    const customer = await staff('POST', `${books}/customers`, {
      name: 'Lake Tenant',
      email: 'Tenant@Lake.Test',
      phone: '+1 (206) 555-0101',
    });
    expect(customer.json()).toMatchObject({ email: 'tenant@lake.test', phone: '2065550101' });
    const customerUrl = `${books}/customers/${customer.json().guid}`;
    expect((await staff('PATCH', customerUrl, { phone: '555-0101' })).json()).toEqual({
      phone: ['Invalid phone number.'],
    });
    expect((await staff('PATCH', customerUrl, { email: '' })).json().email).toBeNull();
    expect((await staff('GET', `${books}/customers?search=lake`)).json().count).toBe(1);
    expect((await staff('DELETE', customerUrl)).statusCode).toBe(204);
  });

  it("serves the client's divisions under /v1/accounts/clients/{clientGuid}/divisions too, to whom reaches the client", async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const chalet = await staff('POST', `${harper.books(harper.personal.guid)}/divisions`, {
      name: 'Ski Chalet',
    });
    expect(chalet.statusCode).toBe(201);
    const names = (res: { json(): { results: { name: string }[] } }) => res.json().results.map((d) => d.name);

    // Every entity's divisions, by name, paged like the entity's list.
    const all = await staff('GET', `${harper.accounts}/divisions`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    expect(names(all)).toEqual(['Lake House', 'Main Residence', 'Ski Chalet']);
    expect(
      names(await staff('GET', `${harper.accounts}/divisions?entity=all-entities&ordering=-name`)),
    ).toEqual(['Ski Chalet', 'Main Residence', 'Lake House']);
    expect(names(await staff('GET', `${harper.accounts}/divisions?entity=${harper.legal.guid}`))).toEqual(
      names(await staff('GET', `${harper.books(harper.legal.guid)}/divisions`)),
    );
    expect(names(await staff('GET', `${harper.accounts}/divisions?search=chalet&page_size=1`))).toEqual([
      'Ski Chalet',
    ]);
    expect((await staff('GET', `${harper.accounts}/divisions/${chalet.json().guid}`)).json()).toEqual(
      chalet.json(),
    );
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect(names(await client('GET', `${harper.accounts}/divisions`))).toEqual(names(all));

    // A designee reads the divisions of its designated entities only.
    const { db } = t.deps.database;
    const [link] = await db
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(users.email, 'designee@demo.test'), eq(clientUsers.clientId, harper.client.id)));
    if (!link) throw new Error('designee not linked');
    await db.insert(designatedEntities).values({ clientUserId: link.id, entityId: harper.personal.id });
    const designee = caller(t, await login(t.app, 'designee@demo.test'));
    expect(names(await designee('GET', `${harper.accounts}/divisions`))).toEqual(['Ski Chalet']);
    const [lake] = all.json().results;
    expect((await designee('GET', `${harper.accounts}/divisions/${lake.guid}`)).statusCode).toBe(404);
    expect(
      (await designee('GET', `${harper.accounts}/divisions?entity=${harper.legal.guid}`)).statusCode,
    ).toBe(404);
    await db.delete(designatedEntities).where(eq(designatedEntities.clientUserId, link.id));

    // Another organisation, and another client's path, find nothing.
    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other('GET', `${harper.accounts}/divisions`)).statusCode).toBe(404);
    expect((await other('GET', `${harper.accounts}/divisions/${lake.guid}`)).statusCode).toBe(404);
    expect((await staff('GET', `${lindqvist.accounts}/divisions/${lake.guid}`)).statusCode).toBe(404);
    expect(
      (await staff('GET', `${lindqvist.accounts}/divisions?entity=${harper.legal.guid}`)).statusCode,
    ).toBe(404);
    expect(names(await staff('GET', `${lindqvist.accounts}/divisions`))).toEqual([
      'Lake House',
      'Main Residence',
    ]);
    expect((await staff('GET', `${harper.accounts}/divisions?entity=not-an-entity`)).statusCode).toBe(400);
  });

  it("answers 404 for another entity's or another client's objects, on reads and writes", async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    for (const kind of ['divisions', 'accounts', 'payment-terms', 'vendors', 'customers']) {
      const [item] = (await staff('GET', `${harper.books(harper.legal.guid)}/${kind}`)).json().results;
      expect(item, kind).toBeDefined();
      // The right object through the wrong entity (same client) and through another client's path.
      const wrongEntity = `${harper.books(harper.personal.guid)}/${kind}/${item.guid}`;
      const wrongClient = `${lindqvist.books(harper.legal.guid)}/${kind}/${item.guid}`;
      const crossed = `/v1/billing/clients/${lindqvist.client.guid}/entities/${lindqvist.legal.guid}/${kind}/${item.guid}`;
      for (const url of [wrongEntity, wrongClient, crossed]) {
        expect((await staff('GET', url)).statusCode, `GET ${url}`).toBe(404);
        expect((await staff('PATCH', url, { name: 'Moved' })).statusCode, `PATCH ${url}`).toBe(404);
        expect((await staff('DELETE', url)).statusCode, `DELETE ${url}`).toBe(404);
      }
      expect((await staff('GET', `${lindqvist.books(harper.legal.guid)}/${kind}`)).statusCode).toBe(404);
      expect(
        (await staff('GET', `${harper.books(harper.legal.guid)}/${kind}/${item.guid}`)).json().name,
      ).toBe(item.name);
    }
  });

  it('shows accounts two levels deep as "Parent: Child" and filters the assignable ones', async () => {
    const okafor = await demoClient(t, 'Okafor Family');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const books = okafor.books(okafor.legal.guid);
    const all = (await staff('GET', `${books}/accounts?page_size=100`)).json();
    const shown = all.results.map((a: { display_2_levels: string }) => a.display_2_levels);
    expect(shown.slice(0, 4)).toEqual([
      'Household',
      'Household: Maintenance',
      'Household: Staff Payroll',
      'Insurance',
    ]);
    expect(all.count).toBe(10);
    const assignable = (await staff('GET', `${books}/accounts?assignable=true&page_size=100`)).json();
    expect(assignable.count).toBe(7);
    expect(assignable.results.every((a: { assignable_to_bill: boolean }) => a.assignable_to_bill)).toBe(true);

    const utilities = all.results.find((a: { name: string }) => a.name === 'Utilities');
    const water = all.results.find((a: { name: string }) => a.name === 'Water');
    const gas = await staff('POST', `${books}/accounts`, {
      name: 'Gas',
      number: '6130',
      parent: utilities.guid,
    });
    expect(gas.statusCode).toBe(201);
    expect(gas.json()).toMatchObject({
      display_2_levels: 'Utilities: Gas',
      assignable_to_bill: true,
      parent: utilities.guid,
    });
    // Two levels at most: no child of a child, no parent for an account with children, no foreign parent.
    const deep = await staff('POST', `${books}/accounts`, { name: 'Too deep', parent: water.guid });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().parent).toEqual(['Choose a top-level account: accounts have two levels at most.']);
    const household = all.results.find((a: { name: string }) => a.name === 'Household');
    expect(
      (await staff('PATCH', `${books}/accounts/${household.guid}`, { parent: utilities.guid })).statusCode,
    ).toBe(400);
    const harper = await demoClient(t, 'Harper Household');
    const [harperAccount] = (await staff('GET', `${harper.books(harper.legal.guid)}/accounts`)).json()
      .results;
    expect(
      (await staff('POST', `${books}/accounts`, { name: 'X', parent: harperAccount.guid })).json(),
    ).toEqual({
      parent: ['Choose an account of this entity.'],
    });
    // Moving to the top level and renaming shows in display_2_levels; the audit names the parent guid.
    const moved = await staff('PATCH', `${books}/accounts/${gas.json().guid}`, {
      parent: null,
      name: 'Gas & Heat',
    });
    expect(moved.json().display_2_levels).toBe('Gas & Heat');
    expect((await auditOf(t, gas.json().guid, 'account_updated'))[0]?.changes).toEqual({
      name: { before: 'Gas', after: 'Gas & Heat' },
      parent: { before: utilities.guid, after: null },
    });
    expect((await staff('DELETE', `${books}/accounts/${utilities.guid}`)).statusCode).toBe(409);
    expect((await staff('DELETE', `${books}/accounts/${gas.json().guid}`)).statusCode).toBe(204);
  });

  it('validates vendor e-mail and phone, masks the tax id except on one vendor read by staff, deactivates on DELETE', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const books = harper.books(harper.legal.guid);
    const bad = await staff('POST', `${books}/vendors`, {
      name: 'Bad',
      email: 'not-an-email',
      primary_phone: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      email: ['Enter a valid e-mail address.'],
      primary_phone: ['Invalid phone number.'],
    });
    expect((await staff('POST', `${books}/vendors`, { email: 'a@b.test' })).json()).toEqual({
      name: ['This field is required.'],
    });

    // The parent vendor must be one of the organisation's (decision 022).
    const unknownParent = await staff('POST', `${books}/vendors`, {
      name: 'Cascade Roofing',
      parent_vendor_id: 999_999,
    });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json()).toEqual({
      parent_vendor_id: ['Choose an active parent vendor of this organisation.'],
    });
    const [atlas] = await t.deps.database.db
      .select({ id: parentVendors.id })
      .from(parentVendors)
      .where(eq(parentVendors.name, 'Atlas Insurance Co.'));
    const created = await staff('POST', `${books}/vendors`, {
      name: 'Cascade Roofing',
      addr1: '1 Main St',
      city: 'Tacoma',
      state: 'WA',
      postal_code: '98402',
      country: 'US',
      email: 'office@cascade.test',
      primary_phone: '+1 253 555 0199',
      vendor_type: 'service',
      tax_id_number: '91-1234567',
      parent_vendor_id: atlas?.id ?? 0,
    });
    expect(created.statusCode).toBe(201);
    const vendor = created.json();
    expect(vendor).toMatchObject({
      primary_phone: '2535550199',
      tax_id_number: '91-1234567',
      is_active: true,
    });
    const listed = (await staff('GET', `${books}/vendors?search=cascade`)).json();
    expect(listed.count).toBe(1);
    expect(listed.results[0].tax_id_number).toBe('•••••4567');
    expect((await staff('GET', `${books}/vendors/${vendor.guid}`)).json().tax_id_number).toBe('91-1234567');
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client('GET', `${books}/vendors/${vendor.guid}`)).json().tax_id_number).toBe('•••••4567');
    const [audit] = await auditOf(t, vendor.guid, 'vendor_created');
    expect(JSON.stringify(audit?.changes)).not.toContain('1234567');

    // The demo seed's vendors (bills, commitments) and the new one: page 1 of 2 counts all of them.
    const all = (await staff('GET', `${books}/vendors?page_size=100`)).json();
    expect(all.results.map((v: { guid: string }) => v.guid)).toContain(vendor.guid);
    const paged = (await staff('GET', `${books}/vendors?page_size=2`)).json();
    expect(paged).toMatchObject({ count: all.results.length, previous: null });
    expect(paged.results).toHaveLength(2);

    const patched = await staff('PATCH', `${books}/vendors/${vendor.guid}`, { city: 'Olympia' });
    expect(patched.json().city).toBe('Olympia');
    expect((await auditOf(t, vendor.guid, 'vendor_updated'))[0]?.changes).toEqual({
      city: { before: 'Tacoma', after: 'Olympia' },
    });
    expect((await staff('DELETE', `${books}/vendors/${vendor.guid}`)).statusCode).toBe(204);
    expect((await staff('GET', `${books}/vendors?search=cascade`)).json().count).toBe(0);
    expect((await staff('GET', `${books}/vendors?is_active=false`)).json().results[0].guid).toBe(vendor.guid);
    expect((await staff('GET', `${books}/vendors/${vendor.guid}`)).json().is_active).toBe(false);
    expect((await client('POST', `${books}/vendors`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await client('PATCH', `${books}/vendors/${vendor.guid}`, { email: 'bad' })).statusCode).toBe(403);
  });
});
