import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { clientUsers } from '../clients/tables.ts';
import { users } from '../users/tables.ts';
import { EntitiesError } from './errors.ts';
import { createEntityService } from './service.ts';
import { designatedEntities, entities } from './tables.ts';
import { requireRecordWriter, type Tenant } from './tenant.ts';
import { auditOf, caller, demoClient } from './test-support.ts';

describe.each(backends)('entities and their settings (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('refuses with its own error when called with a plain tenant, without an app or a request', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const observer: Tenant = {
      clientId: harper.client.id,
      clientGuid: harper.client.guid,
      organizationId: harper.client.organizationId,
      via: 'client',
      clientUserId: -1,
      clientRole: 'observer',
      permissions: new Set(),
      actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
    };
    const notWriter = (() => {
      try {
        requireRecordWriter(observer);
      } catch (e) {
        return e;
      }
    })();
    expect(notWriter).toBeInstanceOf(EntitiesError);
    expect(notWriter).toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    const missing = await createEntityService(t.deps)
      .get(observer, '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(EntitiesError);
    expect(missing).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });
  });

  it("lists a client's entities with paging and search by nickname", async () => {
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const all = await staff('GET', `${harper.accounts}/entities`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(2);
    expect(all.json().results[0]).toMatchObject({
      guid: harper.legal.guid,
      kind: 'legal_entity',
      nickname: 'Harper Holdings LLC',
      allowable_payment_threshold: 0.05,
      client_pre_approval_threshold: 0,
      entities: [],
      parent_entity: null,
      archived: false,
    });
    const page = (await staff('GET', `${harper.accounts}/entities?page_size=1`)).json();
    expect(page).toMatchObject({ count: 2, previous: null });
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
    const search = (await staff('GET', `${harper.accounts}/entities?search=personal`)).json();
    expect(search.results.map((e: { guid: string }) => e.guid)).toEqual([harper.personal.guid]);
  });

  it('creates an entity storing cents, a 5-decimal fraction, and 0 for a threshold whose flag is off', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const res = await staff('POST', `${harper.accounts}/entities`, {
      kind: 'legal_entity',
      nickname: '  Harper Trust  ',
      client_pre_approval_required: true,
      client_pre_approval_threshold: 25_000,
      enable_multiple_approvers: false,
      multiple_approver_threshold: 99_900,
      minimum_account_balance: 100_050,
      allowable_payment_threshold: 0.12345,
      filing_date: '2026-04-15',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      nickname: 'Harper Trust',
      client_pre_approval_required: true,
      client_pre_approval_threshold: 25_000,
      enable_multiple_approvers: false,
      multiple_approver_threshold: 0,
      minimum_account_balance: 100_050,
      allowable_payment_threshold: 0.12345,
      filing_date: '2026-04-15',
    });
    const [row] = await t.deps.database.db.select().from(entities).where(eq(entities.guid, created.guid));
    expect(row).toMatchObject({
      clientId: harper.client.id,
      clientPreApprovalThreshold: 25_000,
      multipleApproverThreshold: 0,
      minimumAccountBalance: 100_050,
      allowablePaymentThreshold: 0.12345,
    });
    const [audit] = await auditOf(t, created.guid, 'entity_created');
    expect(audit).toMatchObject({ organizationId: harper.client.organizationId, clientId: harper.client.id });
    expect(audit?.changes.multiple_approver_threshold).toEqual({ before: null, after: 0 });
  });

  it('refuses bad settings with 400 {field: [message]} and creates nothing', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const before = (await staff('GET', `${harper.accounts}/entities`)).json().count;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'legal_entity' }, 'nickname'],
      [{ kind: 'trust', nickname: 'X' }, 'kind'],
      [
        { kind: 'legal_entity', nickname: 'X', allowable_payment_threshold: 0.123456 },
        'allowable_payment_threshold',
      ],
      [
        { kind: 'legal_entity', nickname: 'X', allowable_payment_threshold: 1.5 },
        'allowable_payment_threshold',
      ],
      [{ kind: 'legal_entity', nickname: 'X', minimum_account_balance: -1 }, 'minimum_account_balance'],
      [
        { kind: 'legal_entity', nickname: 'X', minimum_account_balance: 10 ** 13 + 1 },
        'minimum_account_balance',
      ],
      [
        { kind: 'legal_entity', nickname: 'X', client_pre_approval_threshold: 12.5 },
        'client_pre_approval_threshold',
      ],
      [
        { kind: 'legal_entity', nickname: 'X', multiple_approver_threshold: '100' },
        'multiple_approver_threshold',
      ],
      [{ kind: 'legal_entity', nickname: 'X', filing_date: '04/15/2026' }, 'filing_date'],
    ];
    for (const [payload, field] of cases) {
      const res = await staff('POST', `${harper.accounts}/entities`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()[field], JSON.stringify(payload)).toEqual([expect.any(String)]);
    }
    const max = await staff('PATCH', `${harper.accounts}/entities/${harper.personal.guid}`, {
      minimum_account_balance: 10 ** 13,
    });
    expect(max.json().minimum_account_balance).toBe(10 ** 13);
    expect((await staff('GET', `${harper.accounts}/entities`)).json().count).toBe(before);
  });

  it('PATCH writes and audits only the changed fields; turning a flag off zeroes its threshold', async () => {
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const url = `${lindqvist.accounts}/entities/${lindqvist.legal.guid}`;
    const { db } = t.deps.database;
    const [before] = await db.select().from(entities).where(eq(entities.id, lindqvist.legal.id));

    const one = await staff('PATCH', url, {
      minimum_account_balance: 5000,
      nickname: 'Lindqvist Holdings LLC',
    });
    expect(one.statusCode).toBe(200);
    const [first] = await auditOf(t, lindqvist.legal.guid, 'entity_updated');
    expect(first?.changes).toEqual({ minimum_account_balance: { before: 0, after: 5000 } });
    expect(first).toMatchObject({
      clientId: lindqvist.client.id,
      organizationId: lindqvist.client.organizationId,
    });
    const [after] = await db.select().from(entities).where(eq(entities.id, lindqvist.legal.id));
    expect({ ...after, minimumAccountBalance: 0, updatedAt: null }).toEqual({ ...before, updatedAt: null });

    // The same value again is no change: nothing written, nothing audited.
    await staff('PATCH', url, { minimum_account_balance: 5000 });
    expect(await auditOf(t, lindqvist.legal.guid, 'entity_updated')).toHaveLength(1);

    const on = await staff('PATCH', url, {
      client_pre_approval_required: true,
      client_pre_approval_threshold: 1_000_000,
    });
    expect(on.json()).toMatchObject({
      client_pre_approval_required: true,
      client_pre_approval_threshold: 1_000_000,
    });
    const off = await staff('PATCH', url, { client_pre_approval_required: false });
    expect(off.json()).toMatchObject({
      client_pre_approval_required: false,
      client_pre_approval_threshold: 0,
    });
    const audits = await auditOf(t, lindqvist.legal.guid, 'entity_updated');
    expect(audits.at(-1)?.changes).toEqual({
      client_pre_approval_required: { before: true, after: false },
      client_pre_approval_threshold: { before: 1_000_000, after: 0 },
    });
    // A threshold sent while its flag stays off is stored as 0: no change.
    const ignored = await staff('PATCH', url, { multiple_approver_threshold: 500 });
    expect(ignored.json().multiple_approver_threshold).toBe(0);
    expect(await auditOf(t, lindqvist.legal.guid, 'entity_updated')).toHaveLength(audits.length);

    const auto = await staff('PATCH', url, { allowable_payment_threshold: null });
    expect(auto.json().allowable_payment_threshold).toBeNull();
    expect((await auditOf(t, lindqvist.legal.guid, 'entity_updated')).at(-1)?.changes).toEqual({
      allowable_payment_threshold: { before: 0.05, after: null },
    });
    expect((await staff('PATCH', url, { is_qbo_class: true, extra: 1 })).statusCode).toBe(400);
  });

  it('groups entities of the same client and refuses cycles and other clients', async () => {
    const okafor = await demoClient(t, 'Okafor Family');
    const harper = await demoClient(t, 'Harper Household');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const parentUrl = `${okafor.accounts}/entities/${okafor.legal.guid}`;
    const grouped = await staff('PATCH', parentUrl, { entities: [okafor.personal.guid] });
    expect(grouped.json().entities).toEqual([okafor.personal.guid]);
    const child = (await staff('GET', `${okafor.accounts}/entities/${okafor.personal.guid}`)).json();
    expect(child.parent_entity).toBe(okafor.legal.guid);
    const cycle = await staff('PATCH', `${okafor.accounts}/entities/${okafor.personal.guid}`, {
      entities: [okafor.legal.guid],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().entities).toBeDefined();
    const foreign = await staff('PATCH', parentUrl, { entities: [harper.personal.guid] });
    expect(foreign.statusCode).toBe(400);
    const cleared = await staff('PATCH', parentUrl, { entities: [] });
    expect(cleared.json().entities).toEqual([]);
    expect((await auditOf(t, okafor.legal.guid, 'entity_updated')).at(-1)?.changes).toEqual({
      entities: { before: [okafor.personal.guid], after: [] },
    });
  });

  it('archives with DELETE: hidden from the list, shown with ?archived=true, read-only until unarchived', async () => {
    const delacroix = await demoClient(t, 'Delacroix Estate');
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    const url = `${delacroix.accounts}/entities/${delacroix.personal.guid}`;
    expect((await staff('DELETE', url)).statusCode).toBe(204);
    const active = (await staff('GET', `${delacroix.accounts}/entities`)).json();
    expect(active.results.map((e: { guid: string }) => e.guid)).toEqual([delacroix.legal.guid]);
    const archived = (await staff('GET', `${delacroix.accounts}/entities?archived=true`)).json();
    expect(archived.results.map((e: { guid: string }) => e.guid)).toEqual([delacroix.personal.guid]);
    expect((await staff('GET', url)).json().archived).toBe(true);
    const patch = await staff('PATCH', url, { nickname: 'Renamed' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().code).toBe('conflict');
    const division = await staff('POST', `${delacroix.books(delacroix.personal.guid)}/divisions`, {
      name: 'X',
    });
    expect(division.statusCode).toBe(409);
    expect((await auditOf(t, delacroix.personal.guid, 'entity_archived')).length).toBe(1);
    const back = await staff('POST', `${url}/unarchive`);
    expect(back.json().archived).toBe(false);
    expect((await staff('PATCH', url, { nickname: 'Delacroix Personal' })).statusCode).toBe(200);
  });

  it('lets client users read, never write; a designee sees only its designated entities', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client('GET', `${harper.accounts}/entities`)).json().count).toBeGreaterThanOrEqual(2);
    expect((await client('GET', `${harper.accounts}/entities/${harper.legal.guid}`)).statusCode).toBe(200);
    expect(
      (await client('POST', `${harper.accounts}/entities`, { kind: 'legal_entity', nickname: 'X' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client('PATCH', `${harper.accounts}/entities/${harper.legal.guid}`, { nickname: 'X' }))
        .statusCode,
    ).toBe(403);
    // Another client's entity under this client's path does not exist.
    expect((await client('GET', `${harper.accounts}/entities/${lindqvist.legal.guid}`)).statusCode).toBe(404);
    const staff = caller(t, await login(t.app, 'manager@demo.test'));
    expect((await staff('GET', `${harper.accounts}/entities/${lindqvist.legal.guid}`)).statusCode).toBe(404);
    expect(
      (await staff('PATCH', `${harper.accounts}/entities/${lindqvist.legal.guid}`, { nickname: 'X' }))
        .statusCode,
    ).toBe(404);

    const { db } = t.deps.database;
    const [link] = await db
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(users.email, 'designee@demo.test'), eq(clientUsers.clientId, harper.client.id)));
    if (!link) throw new Error('designee not linked');
    const designee = caller(t, await login(t.app, 'designee@demo.test'));
    expect((await designee('GET', `${harper.accounts}/entities`)).json().count).toBeGreaterThanOrEqual(2);
    await db.insert(designatedEntities).values({ clientUserId: link.id, entityId: harper.personal.id });
    const limited = (await designee('GET', `${harper.accounts}/entities`)).json();
    expect(limited.results.map((e: { guid: string }) => e.guid)).toEqual([harper.personal.guid]);
    expect((await designee('GET', `${harper.accounts}/entities/${harper.legal.guid}`)).statusCode).toBe(404);
    expect((await designee('GET', `${harper.books(harper.legal.guid)}/vendors`)).statusCode).toBe(404);
    expect((await designee('GET', `${harper.books(harper.personal.guid)}/vendors`)).statusCode).toBe(200);
    await db.delete(designatedEntities).where(eq(designatedEntities.clientUserId, link.id));

    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other('GET', `${harper.accounts}/entities`)).statusCode).toBe(404);
    expect(
      (await other('PATCH', `${harper.accounts}/entities/${harper.legal.guid}`, { nickname: 'X' }))
        .statusCode,
    ).toBe(404);
  });
});
