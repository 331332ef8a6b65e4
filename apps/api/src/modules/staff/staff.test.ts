import { isAccounting, isAssociate, isIT, isManagerLead, USER_STATUS_LABELS } from '@bp/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../seed/demo-data.ts';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, latestEvent, orgGuidOf, userGuidOf } from '../../test/org-admin.ts';
import { users } from '../users/tables.ts';

interface Item {
  guid: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  team_label: string | null;
  is_active: boolean;
  status: string;
  status_label: string;
  isAssociate: boolean;
  isManagerLead: boolean;
  isIT: boolean;
  isAccounting: boolean;
  groups: { guid: string; name: string }[];
  permissions: string[];
}

describe.each(backends)('staff users (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let second: string;
  let users_: string;
  let manager: Caller;
  let associate: Caller;
  let superAdmin: Caller;
  let other: Caller;

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    second = await orgGuidOf(t, 'Second Org');
    users_ = `/v1/accounts/organizations/${dfo}/users`;
    manager = caller(t, await login(t.app, 'manager@demo.test'));
    associate = caller(t, await login(t.app, 'associate@demo.test'));
    superAdmin = caller(t, await login(t.app, 'super@demo.test'));
    other = caller(t, await login(t.app, 'other@second.test'));
  });

  it('derives each demo staff member’s flags exactly as @bp/domain does', async () => {
    for (const org of demoOrganizations) {
      const orgGuid = await orgGuidOf(t, org.name);
      const items = (await superAdmin.get(`/v1/accounts/organizations/${orgGuid}/users?page_size=100`)).json()
        .results as Item[];
      const expected = demoAccounts.flatMap((a) =>
        (a.orgs ?? []).filter((m) => m.org === org.key).map((m) => ({ email: a.email, ...m })),
      );
      expect(items.map((i) => i.email).sort()).toEqual(expected.map((e) => e.email).sort());
      for (const member of expected) {
        const item = items.find((i) => i.email === member.email);
        const domain = { role: member.role, team_label: member.teamLabel };
        expect(item, member.email).toMatchObject({
          role: member.role,
          team_label: member.teamLabel,
          isAssociate: isAssociate(domain),
          isManagerLead: isManagerLead(domain),
          isIT: isIT(domain),
          isAccounting: isAccounting(domain),
        });
      }
    }
    const items = (await manager.get(`${users_}?page_size=100`)).json().results as Item[];
    const byEmail = (e: string) => items.find((i) => i.email === e);
    expect(byEmail('associate@demo.test')).toMatchObject({ isAssociate: true, isManagerLead: false });
    expect(byEmail('manager@demo.test')).toMatchObject({ isAssociate: false, isManagerLead: true });
    expect(byEmail('super@demo.test')).toMatchObject({ role: 'super_admin', isManagerLead: true });
  });

  it('lists staff with status labels, groups and permissions; searches, filters, orders and pages', async () => {
    const all = (await associate.get(users_)).json();
    expect(all.count).toBe(4);
    const alex = (all.results as Item[]).find((i) => i.email === 'associate@demo.test');
    expect(alex).toMatchObject({
      first_name: 'Alex',
      last_name: 'Associate',
      is_active: true,
      status: 'active',
      status_label: USER_STATUS_LABELS.active,
      groups: [{ name: 'Auditors' }],
    });
    expect(alex?.permissions).toContain('audit.view');
    expect(alex?.permissions).not.toContain('staff.manage');

    const names = async (query: string) =>
      ((await manager.get(`${users_}?${query}`)).json().results as Item[]).map((i) => i.email);
    expect(await names('search=maya')).toEqual(['manager@demo.test']);
    expect(await names('search=Alex%20Assoc')).toEqual(['associate@demo.test']);
    expect(await names('search=EXPIRED@demo')).toEqual(['expired@demo.test']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('team_label=associate&ordering=email')).toEqual([
      'associate@demo.test',
      'expired@demo.test',
    ]);
    expect(await names('ordering=-email')).toEqual([
      'super@demo.test',
      'manager@demo.test',
      'expired@demo.test',
      'associate@demo.test',
    ]);
    expect(await names('is_active=false')).toEqual([]);
    const page = (await manager.get(`${users_}?page=2&page_size=3&ordering=email`)).json();
    expect(page).toMatchObject({ count: 4, next: null, results: [{ email: 'super@demo.test' }] });
    expect(page.previous).toContain('page=1');
    expect((await manager.get(`${users_}?is_active=maybe`)).statusCode).toBe(400);
  });

  it('creates a staff user pending its invitation, with no password, and audits it', async () => {
    const res = await manager.post(users_, {
      email: 'New.Person@Demo.test',
      first_name: 'Nora',
      last_name: 'Newman',
      role: 'user',
      team_label: 'IT',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Item;
    expect(created).toMatchObject({
      email: 'new.person@demo.test',
      role: 'user',
      team_label: 'IT',
      status: 'pending_invite',
      status_label: 'Pending Invite',
      is_active: true,
      isIT: true,
      isAssociate: false,
    });
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.guid, created.guid));
    expect(row).toMatchObject({ passwordHash: null, type: 'bporg', status: 'pending_invite' });
    const noLogin = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'new.person@demo.test', password: 'anything-1234' },
    });
    expect(noLogin.statusCode).toBe(401);
    const event = await latestEvent(manager, dfo, 'staff_user_created');
    expect(event).toMatchObject({
      object_type: 'user',
      object_guid: created.guid,
      changes: {
        email: { before: null, after: 'new.person@demo.test' },
        role: { before: null, after: 'user' },
        team_label: { before: null, after: 'IT' },
        status: { before: null, after: 'pending_invite' },
      },
    });
    const read = await associate.get(`${users_}/${created.guid}`);
    expect(read.json()).toMatchObject({ email: 'new.person@demo.test' });
  });

  it('refuses a duplicate e-mail in any case, bad roles and team labels, and callers without staff.manage', async () => {
    for (const email of [
      'associate@demo.test',
      'ASSOCIATE@demo.test',
      'client@demo.test',
      'other@second.test',
    ]) {
      const dup = await manager.post(users_, { email, first_name: 'A', last_name: 'B' });
      expect(dup.statusCode, email).toBe(400);
      expect(dup.json(), email).toEqual({ email: ['A user with this e-mail already exists.'] });
    }
    const badTeam = await manager.post(users_, {
      email: 'x1@demo.test',
      first_name: 'A',
      last_name: 'B',
      team_label: 'Wizard',
    });
    expect(badTeam.statusCode).toBe(400);
    expect(Object.keys(badTeam.json())).toEqual(['team_label']);
    const badRole = await manager.post(users_, {
      email: 'x2@demo.test',
      first_name: 'A',
      last_name: 'B',
      role: 'client',
    });
    expect(Object.keys(badRole.json())).toEqual(['role']);
    const missing = await manager.post(users_, { email: 'x3@demo.test' });
    expect(missing.json()).toEqual({
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
    });

    const denied = await associate.post(users_, { email: 'x4@demo.test', first_name: 'A', last_name: 'B' });
    expect(denied.statusCode).toBe(403);
    const foreign = await other.post(users_, { email: 'x5@demo.test', first_name: 'A', last_name: 'B' });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets only a super_admin create or grant super_admin', async () => {
    const byAdmin = await manager.post(users_, {
      email: 'boss@demo.test',
      first_name: 'B',
      last_name: 'Oss',
      role: 'super_admin',
    });
    expect(byAdmin.statusCode).toBe(403);
    const bySuper = await superAdmin.post(users_, {
      email: 'boss@demo.test',
      first_name: 'B',
      last_name: 'Oss',
      role: 'super_admin',
      team_label: 'Manager',
    });
    expect(bySuper.statusCode).toBe(201);
    const boss = bySuper.json().guid as string;
    // An admin may not touch a super_admin at all, nor promote anyone to it.
    expect((await manager.patch(`${users_}/${boss}`, { first_name: 'X' })).statusCode).toBe(403);
    expect((await manager.post(`${users_}/${boss}/enable`, { is_active: false })).statusCode).toBe(403);
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    expect((await manager.patch(`${users_}/${associateGuid}`, { role: 'super_admin' })).statusCode).toBe(403);
    expect((await superAdmin.patch(`${users_}/${boss}`, { role: 'admin' })).json()).toMatchObject({
      role: 'admin',
    });
  });

  it('edits names, role and team label with before/after in the audit trail', async () => {
    const guid = await userGuidOf(t, 'expired@demo.test');
    const res = await manager.patch(`${users_}/${guid}`, {
      first_name: 'Elias',
      role: 'admin',
      team_label: 'Lead',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Elias',
      role: 'admin',
      team_label: 'Lead',
      isManagerLead: true,
    });
    expect(res.json().permissions).toContain('organization.manage');
    const event = await latestEvent(manager, dfo, 'staff_user_updated');
    expect(event.changes).toEqual({
      first_name: { before: 'Eli', after: 'Elias' },
      role: { before: 'user', after: 'admin' },
      team_label: { before: 'Associate', after: 'Lead' },
    });
    const cleared = await manager.patch(`${users_}/${guid}`, { team_label: null, role: 'user' });
    expect(cleared.json()).toMatchObject({ team_label: null, role: 'user', isManagerLead: false });
    expect((await manager.patch(`${users_}/${guid}`, { email: 'x@y.test' })).statusCode).toBe(400);
    expect((await associate.patch(`${users_}/${guid}`, { first_name: 'Nope' })).statusCode).toBe(403);
  });

  it('never changes its own role', async () => {
    const me = await userGuidOf(t, 'manager@demo.test');
    const res = await manager.patch(`${users_}/${me}`, { role: 'user' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ role: ['You cannot change your own role.'] });
    expect((await manager.patch(`${users_}/${me}`, { role: 'admin', first_name: 'Maya' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for another organisation’s user, an unknown one and a malformed id', async () => {
    const foreignUser = await userGuidOf(t, 'other@second.test');
    for (const id of [foreignUser, '00000000-0000-4000-8000-000000000000', 'not-a-guid']) {
      expect((await manager.get(`${users_}/${id}`)).statusCode, id).toBe(404);
      expect((await manager.patch(`${users_}/${id}`, { first_name: 'X' })).statusCode, id).toBe(404);
      expect((await manager.post(`${users_}/${id}/enable`, { is_active: false })).statusCode, id).toBe(404);
      expect((await manager.post(`${users_}/${id}/send-staff-invitation`)).statusCode, id).toBe(404);
    }
    // Second Org's admin cannot reach a Demo Family Office user through its own organisation either.
    const dfoUser = await userGuidOf(t, 'associate@demo.test');
    const sideways = await other.patch(`/v1/accounts/organizations/${second}/users/${dfoUser}`, {
      first_name: 'Hacked',
    });
    expect(sideways.statusCode).toBe(404);
  });

  it('disables a user: its session ends at once, it cannot sign in, and enabling restores it', async () => {
    const tokens = await login(t.app, 'associate@demo.test');
    const victim = caller(t, tokens);
    expect((await victim.get('/v1/auth/users/me')).statusCode).toBe(200);
    const guid = await userGuidOf(t, 'associate@demo.test');

    const off = await manager.post(`${users_}/${guid}/enable`, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ is_active: false });
    const next = await victim.get('/v1/auth/users/me');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('user_inactive');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/refresh',
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(login(t.app, 'associate@demo.test')).rejects.toThrow(/401/);
    expect((await manager.get(`${users_}?is_active=false`)).json().results[0].email).toBe(
      'associate@demo.test',
    );
    const event = await latestEvent(manager, dfo, 'staff_user_disabled');
    expect(event).toMatchObject({
      object_guid: guid,
      changes: { is_active: { before: true, after: false } },
    });

    const on = await manager.post(`${users_}/${guid}/enable`, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true });
    expect((await latestEvent(manager, dfo, 'staff_user_enabled')).changes).toEqual({
      is_active: { before: false, after: true },
    });
    const back = caller(t, await login(t.app, 'associate@demo.test'));
    expect((await back.get(users_)).statusCode).toBe(200);
  });

  it('keeps a user active that still belongs to another active organisation', async () => {
    const superGuid = await userGuidOf(t, 'super@demo.test');
    const superTokens = await login(t.app, 'super@demo.test');
    const superSession = caller(t, superTokens);
    // Second Org's super_admin session disables super@ in Second Org only.
    const again = caller(t, await login(t.app, 'super@demo.test'));
    const secondUsers = `/v1/accounts/organizations/${second}/users`;
    const me = await again.post(`${secondUsers}/${superGuid}/enable`, { is_active: false });
    expect(me.statusCode).toBe(400);
    expect(me.json()).toEqual({ is_active: ['You cannot disable yourself.'] });
    // other@second.test is an admin: it may not disable a super_admin.
    expect((await other.post(`${secondUsers}/${superGuid}/enable`, { is_active: false })).statusCode).toBe(
      403,
    );

    // Make other@ a super_admin by super@, then let it disable super@ in Second Org.
    const otherGuid = await userGuidOf(t, 'other@second.test');
    expect((await again.patch(`${secondUsers}/${otherGuid}`, { role: 'super_admin' })).statusCode).toBe(200);
    const off = await other.post(`${secondUsers}/${superGuid}/enable`, { is_active: false });
    expect(off.statusCode).toBe(200);
    // Still active in Demo Family Office: the session goes on, Second Org is gone from it.
    expect((await superSession.get('/v1/auth/users/me')).statusCode).toBe(200);
    expect((await superSession.get(secondUsers)).statusCode).toBe(404);
    const orgs = (await superSession.get('/v1/accounts/organizations')).json();
    expect(orgs.results.map((o: { name: string }) => o.name)).toEqual(['Demo Family Office']);
  });
});
