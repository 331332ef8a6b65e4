import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  backends,
  bearer,
  login,
  type TestApp,
  useTestApp,
} from '../../test/build-test-app.ts';
import { fill, routesOf } from '../../test/route-walk.ts';
import type { Tenant } from '../entities/index.ts';
import { accounts, customers, divisions, paymentTerms, vendors } from '../entities/tables.ts';
import { auditOf, caller, demoClient } from '../entities/test-support.ts';
import { parentInstitutions } from '../institutions/tables.ts';
import { createBankContactService } from './bank-contacts-service.ts';
import { ClientRecordsError } from './errors.ts';
import { bankContacts, clientInstitutions, contacts, properties } from './tables.ts';

/** The routes of this entity and client-record modules. */
const OURS = [
  /^\/v1\/accounts\/clients\/\{clientGuid\}\/(entities|properties|contacts|institutions|bank-contacts|documents)(\/|$)/,
  /^\/v1\/billing\/clients\/\{clientGuid\}\/entities\/\{entityGuid\}\/(divisions|accounts|payment-terms|vendors|customers)(\/|$)/,
];

/** Path parameter → a guid of Harper Household's objects (a document uploaded for the walk). */
async function harperIds(t: TestApp): Promise<Record<string, string>> {
  const harper = await demoClient(t, 'Harper Household');
  const { db } = t.deps.database;
  const first = async (table: PgTable & { guid: PgColumn; id: PgColumn }, owner: PgColumn, id: number) => {
    const [row] = await db
      .select({ guid: table.guid })
      .from(table)
      .where(eq(owner, id))
      .orderBy(asc(table.id));
    return String(row?.guid);
  };
  const manager = await login(t.app, 'manager@demo.test');
  const boundary = '----walk';
  const upload = await t.app.inject({
    method: 'POST',
    url: `${harper.accounts}/documents`,
    headers: { ...bearer(manager), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`,
  });
  return {
    clientGuid: harper.client.guid,
    entityGuid: harper.legal.guid,
    divisionGuid: await first(divisions, divisions.entityId, harper.legal.id),
    accountGuid: await first(accounts, accounts.entityId, harper.legal.id),
    paymentTermGuid: await first(paymentTerms, paymentTerms.entityId, harper.legal.id),
    vendorGuid: await first(vendors, vendors.entityId, harper.legal.id),
    customerGuid: await first(customers, customers.entityId, harper.legal.id),
    propertyGuid: await first(properties, properties.clientId, harper.client.id),
    contactGuid: await first(contacts, contacts.clientId, harper.client.id),
    institutionGuid: await first(clientInstitutions, clientInstitutions.clientId, harper.client.id),
    bankContactGuid: await first(bankContacts, bankContacts.clientId, harper.client.id),
    documentGuid: upload.json().guid,
  };
}

describe.each(backends)("a client's records (%s)", (backend: Backend) => {
  const t = useTestApp(backend);

  it('refuses with its own error when called with a plain tenant, without an app or a request', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const tenant: Tenant = {
      clientId: harper.client.id,
      clientGuid: harper.client.guid,
      organizationId: harper.client.organizationId,
      via: 'staff',
      clientUserId: null,
      clientRole: null,
      permissions: new Set(),
      actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
    };
    const refusal = await createBankContactService(t.deps)
      .get(tenant, '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ClientRecordsError);
    expect(refusal).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });
  });

  it('lets a client user (role client) add, edit and remove a property; not a designee', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const client = caller(t, await login(t.app, 'client@demo.test'));
    const created = await client('POST', `${harper.accounts}/properties`, {
      kind: 'vacation',
      name: 'Lake Cabin',
      city: 'Chelan',
      state: 'WA',
      entity: harper.personal.guid,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'vacation',
      name: 'Lake Cabin',
      entity: harper.personal.guid,
    });
    const url = `${harper.accounts}/properties/${created.json().guid}`;
    const moved = await client('PATCH', url, { entity: null, addr1: '12 Shore Rd' });
    expect(moved.json()).toMatchObject({ entity: null, addr1: '12 Shore Rd', city: 'Chelan' });
    expect((await auditOf(t, created.json().guid, 'property_updated'))[0]?.changes).toEqual({
      addr1: { before: null, after: '12 Shore Rd' },
      entity: { before: harper.personal.guid, after: null },
    });
    expect((await client('PATCH', url, { entity: lindqvist.legal.guid })).json()).toEqual({
      entity: ['Choose an entity of this client.'],
    });
    expect(
      (await client('POST', `${harper.accounts}/properties`, { kind: 'castle', name: 'X' })).statusCode,
    ).toBe(400);
    const list = (await client('GET', `${harper.accounts}/properties`)).json();
    expect(list.results.map((p: { name: string }) => p.name)).toEqual(['Harper Residence', 'Lake Cabin']);
    const designee = caller(t, await login(t.app, 'designee@demo.test'));
    expect((await designee('GET', url)).statusCode).toBe(200);
    expect((await designee('PATCH', url, { name: 'Mine' })).statusCode).toBe(403);
    // Refused before its body is even read.
    expect((await designee('POST', `${harper.accounts}/properties`, { kind: 'castle' })).statusCode).toBe(
      403,
    );
    expect((await client('DELETE', url)).statusCode).toBe(204);
    expect((await client('GET', url)).statusCode).toBe(404);
  });

  it('keeps contacts, institutions and bank contacts with their references inside the client', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const contact = await staff('POST', `${harper.accounts}/contacts`, {
      name: 'Pat Attorney',
      email_address: 'pat@law.test',
      phone: '206-555-0142',
      relation: 'attorney',
      notes: 'Estate planning',
    });
    expect(contact.json()).toMatchObject({ phone: '2065550142', relation: 'attorney' });
    expect(
      (await staff('POST', `${harper.accounts}/contacts`, { name: 'X', email_address: 'x@' })).json(),
    ).toEqual({
      email_address: ['Enter a valid e-mail address.'],
    });
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect(
      (await client('PATCH', `${harper.accounts}/contacts/${contact.json().guid}`, { notes: null })).json()
        .notes,
    ).toBeNull();

    const [shared] = await t.deps.database.db
      .select()
      .from(parentInstitutions)
      .orderBy(asc(parentInstitutions.id));
    const institution = await staff('POST', `${harper.accounts}/institutions`, {
      name: 'Brokerage account',
      account_last4: '0042',
      parent_institution: shared?.guid,
    });
    expect(institution.statusCode).toBe(201);
    expect(institution.json()).toMatchObject({
      parent_institution: shared?.guid,
      parent_institution_name: shared?.name,
    });
    for (const last4 of ['42', '12345', 'abcd']) {
      const bad = await staff('POST', `${harper.accounts}/institutions`, { name: 'X', account_last4: last4 });
      expect(bad.json()).toEqual({ account_last4: ['Enter exactly 4 digits.'] });
    }
    const unknown = await staff('POST', `${harper.accounts}/institutions`, {
      name: 'X',
      parent_institution: '00000000-0000-4000-8000-000000000001',
    });
    expect(unknown.json()).toEqual({ parent_institution: ['Choose an institution of the list.'] });
    expect((await client('POST', `${harper.accounts}/institutions`, { name: 'Mine' })).statusCode).toBe(403);

    const banker = await staff('POST', `${harper.accounts}/bank-contacts`, {
      name: 'Riley Banker',
      title: 'Advisor',
      institution: institution.json().guid,
    });
    expect(banker.json().institution).toBe(institution.json().guid);
    const [lindqvistInstitution] = (await staff('GET', `${lindqvist.accounts}/institutions`)).json().results;
    const crossed = await staff('PATCH', `${harper.accounts}/bank-contacts/${banker.json().guid}`, {
      institution: lindqvistInstitution.guid,
    });
    expect(crossed.json()).toEqual({ institution: ["Choose one of this client's institutions."] });
    expect(
      (await staff('GET', `${harper.accounts}/institutions/${lindqvistInstitution.guid}`)).statusCode,
    ).toBe(404);
    expect(
      (await staff('DELETE', `${harper.accounts}/institutions/${institution.json().guid}`)).statusCode,
    ).toBe(204);
    expect(
      (await staff('GET', `${harper.accounts}/bank-contacts/${banker.json().guid}`)).json().institution,
    ).toBeNull();
  });

  it('answers the observer 200 on every read and 403 on every write of these routes', async () => {
    const ids = await harperIds(t);
    const observer = await login(t.app, 'observer@demo.test');
    const routes = (await routesOf(t.app)).filter((r) => OURS.some((re) => re.test(r.path)));
    expect(routes.length).toBeGreaterThanOrEqual(56);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method,
        url: fill(route.path, ids),
        headers: bearer(observer),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(route.method === 'GET' ? 200 : 403);
    }
  });

  it("answers Second Org's admin 404 on every one of Demo Family Office's objects", async () => {
    const ids = await harperIds(t);
    const other = await login(t.app, 'other@second.test');
    const routes = (await routesOf(t.app)).filter((r) => OURS.some((re) => re.test(r.path)));
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method,
        url: fill(route.path, ids),
        headers: bearer(other),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(404);
    }
    expect(
      (
        await caller(t, await login(t.app, 'manager@demo.test'))(
          'GET',
          `/v1/accounts/clients/${ids.clientGuid}/documents/${ids.documentGuid}`,
        )
      ).statusCode,
    ).toBe(200);
  });
});
