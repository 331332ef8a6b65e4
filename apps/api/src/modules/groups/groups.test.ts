import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, latestEvent, orgGuidOf, userGuidOf } from '../../test/org-admin.ts';
import { GroupsError } from './errors.ts';
import { createGroupService } from './service.ts';

interface GroupItem {
  guid: string;
  name: string;
  description: string;
  permissions: string[];
  user_count: number;
}

describe.each(backends)('groups and permissions (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let second: string;
  let groups: string;
  let manager: Caller;
  let associate: Caller;
  let other: Caller;
  let auditors: string;
  let associateGuid: string;

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    second = await orgGuidOf(t, 'Second Org');
    groups = `/v1/accounts/organizations/${dfo}/groups`;
    manager = caller(t, await login(t.app, 'manager@demo.test'));
    associate = caller(t, await login(t.app, 'associate@demo.test'));
    other = caller(t, await login(t.app, 'other@second.test'));
    associateGuid = await userGuidOf(t, 'associate@demo.test');
    const list = (await manager.get(groups)).json();
    auditors = list.results.find((g: GroupItem) => g.name === 'Auditors').guid;
  });

  it('lists groups with their permissions and member counts, to anyone with staff.view', async () => {
    const res = await associate.get(`${groups}?search=audit`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 1,
      results: [{ name: 'Auditors', permissions: ['audit.view'], user_count: 2 }],
    });
    const members = (await associate.get(`${groups}/${auditors}/users`)).json();
    expect(members.results.map((m: { email: string }) => m.email)).toEqual([
      'associate@demo.test',
      'expired@demo.test',
    ]);
    expect((await associate.get(`${groups}/${auditors}/permissions`)).json()).toEqual({
      permissions: ['audit.view'],
    });
  });

  it('creates, renames and deletes a group, refusing duplicate names in any case', async () => {
    const created = await manager.post(groups, {
      name: 'Payments',
      description: 'Release and reverse payments',
      permissions: ['bills.reverse_payment', 'bills.approve_payment', 'bills.approve_payment'],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json() as GroupItem;
    expect(group).toMatchObject({
      name: 'Payments',
      permissions: ['bills.approve_payment', 'bills.reverse_payment'],
      user_count: 0,
    });
    expect((await latestEvent(manager, dfo, 'group_created')).changes).toEqual({
      name: { before: null, after: 'Payments' },
      description: { before: null, after: 'Release and reverse payments' },
      permissions: { before: null, after: ['bills.approve_payment', 'bills.reverse_payment'] },
    });

    for (const name of ['payments', 'AUDITORS', '  Auditors ']) {
      const dup = await manager.post(groups, { name });
      expect(dup.statusCode, name).toBe(400);
      expect(dup.json(), name).toEqual({ name: ['A group with this name already exists.'] });
    }
    const renameClash = await manager.patch(`${groups}/${group.guid}`, { name: 'auditors' });
    expect(renameClash.json()).toEqual({ name: ['A group with this name already exists.'] });
    // Another organisation may use the same name.
    expect(
      (await other.post(`/v1/accounts/organizations/${second}/groups`, { name: 'Payments' })).statusCode,
    ).toBe(201);

    const renamed = await manager.patch(`${groups}/${group.guid}`, { name: 'PAYMENTS', description: '' });
    expect(renamed.json()).toMatchObject({ name: 'PAYMENTS', description: '' });
    expect((await latestEvent(manager, dfo, 'group_updated')).changes).toEqual({
      name: { before: 'Payments', after: 'PAYMENTS' },
      description: { before: 'Release and reverse payments', after: '' },
    });

    expect((await manager.del(`${groups}/${group.guid}`)).statusCode).toBe(204);
    expect((await manager.get(`${groups}/${group.guid}`)).statusCode).toBe(404);
    expect((await latestEvent(manager, dfo, 'group_deleted')).changes).toEqual({
      name: { before: 'PAYMENTS', after: null },
      description: { before: '', after: null },
      permissions: { before: ['bills.approve_payment', 'bills.reverse_payment'], after: null },
    });
  });

  it('refuses unknown permission slugs, naming them', async () => {
    const res = await manager.post(groups, { name: 'Bad', permissions: ['audit.view', 'fly', 'root.*'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ permissions: ['Unknown permissions: fly, root.*.'] });
    const put = await manager.put(`${groups}/${auditors}/permissions`, {
      permissions: ['staff.view', 'nope'],
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ permissions: ['Unknown permissions: nope.'] });
    expect((await manager.get(`${groups}/${auditors}/permissions`)).json().permissions).toEqual([
      'audit.view',
    ]);
  });

  it('bulk-creates groups all together, or none when one is wrong', async () => {
    const bad = await manager.post(`${groups}/bulk-create`, {
      groups: [
        { name: 'Approvers', permissions: ['bills.approve_org'] },
        { name: 'Auditors' },
        { name: 'approvers' },
        { name: 'Weird', permissions: ['x.y'] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'groups.2.name': ['The name is repeated (group 0).'],
      'groups.3.permissions': ['Unknown permissions: x.y.'],
    });
    const clash = await manager.post(`${groups}/bulk-create`, {
      groups: [{ name: 'Approvers' }, { name: 'auditors' }],
    });
    expect(clash.json()).toEqual({ 'groups.1.name': ['A group with this name already exists.'] });
    expect((await manager.get(`${groups}?search=Approvers`)).json().count).toBe(0);

    const ok = await manager.post(`${groups}/bulk-create`, {
      groups: [
        { name: 'Approvers', permissions: ['bills.approve_org', 'bills.approve_verbal'] },
        { name: 'Exporters', description: 'Client lists', permissions: ['clients.export'] },
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().map((g: GroupItem) => [g.name, g.permissions])).toEqual([
      ['Approvers', ['bills.approve_org', 'bills.approve_verbal']],
      ['Exporters', ['clients.export']],
    ]);
    expect((await manager.post(`${groups}/bulk-create`, { groups: [] })).statusCode).toBe(400);
    expect((await associate.post(`${groups}/bulk-create`, { groups: [{ name: 'Mine' }] })).statusCode).toBe(
      403,
    );
  });

  it('grants audit.view to associate@demo.test through a group, effective on its next request', async () => {
    const eventLogs = `/v1/accounts/organizations/${dfo}/event-logs`;
    expect((await associate.get(eventLogs)).statusCode).toBe(200);

    // Taking the permission off the group takes it away at once.
    const off = await manager.put(`${groups}/${auditors}/permissions`, { permissions: [] });
    expect(off.json()).toEqual({ permissions: [] });
    expect((await associate.get(eventLogs)).statusCode).toBe(403);
    const event = await latestEvent(manager, dfo, 'group_permissions_updated');
    expect(event).toMatchObject({
      object_guid: auditors,
      changes: { permissions: { before: ['audit.view'], after: [] } },
    });
    const back = await manager.put(`${groups}/${auditors}/permissions`, { permissions: ['audit.view'] });
    expect(back.json()).toEqual({ permissions: ['audit.view'] });
    expect((await associate.get(eventLogs)).statusCode).toBe(200);

    // So does taking the member out of the group, and putting it back gives it again.
    expect((await manager.del(`${groups}/${auditors}/users/${associateGuid}`)).statusCode).toBe(204);
    expect((await associate.get(eventLogs)).statusCode).toBe(403);
    const me = (await associate.get(`/v1/accounts/organizations/${dfo}/permissions`)).json();
    expect(me.effective_permissions).not.toContain('audit.view');
    expect((await latestEvent(manager, dfo, 'group_user_removed')).changes).toEqual({
      users: { before: 'associate@demo.test', after: null },
    });
    expect((await manager.del(`${groups}/${auditors}/users/${associateGuid}`)).statusCode).toBe(404);
    const added = await manager.post(`${groups}/${auditors}/users`, { user: associateGuid });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Auditors', user_count: 2 });
    expect((await manager.post(`${groups}/${auditors}/users`, { user: associateGuid })).statusCode).toBe(200);
    expect((await latestEvent(manager, dfo, 'group_user_added')).changes).toEqual({
      users: { before: null, after: 'associate@demo.test' },
    });
    expect((await associate.get(eventLogs)).statusCode).toBe(200);
  });

  it('sets a user’s groups in one call', async () => {
    const approvers = await manager.post(groups, { name: 'Approvers 2', permissions: ['bills.approve_org'] });
    const guid = approvers.json().guid as string;
    const userGroups = `/v1/accounts/organizations/${dfo}/users/${associateGuid}/groups`;
    expect((await associate.get(userGroups)).json()).toEqual([
      { guid: auditors, name: 'Auditors', permissions: ['audit.view'] },
    ]);
    const set = await manager.put(userGroups, { groups: [guid] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual([{ guid, name: 'Approvers 2', permissions: ['bills.approve_org'] }]);
    expect((await latestEvent(manager, dfo, 'user_groups_updated')).changes).toEqual({
      groups: { before: ['Auditors'], after: ['Approvers 2'] },
    });
    const staff = (await manager.get(`/v1/accounts/organizations/${dfo}/users/${associateGuid}`)).json();
    expect(staff.permissions).toContain('bills.approve_org');
    expect(staff.permissions).not.toContain('audit.view');
    expect((await associate.get(`/v1/accounts/organizations/${dfo}/event-logs`)).statusCode).toBe(403);

    const both = await manager.put(userGroups, { groups: [auditors, guid, auditors] });
    expect(both.json().map((g: { name: string }) => g.name)).toEqual(['Approvers 2', 'Auditors']);
    expect((await associate.get(`/v1/accounts/organizations/${dfo}/event-logs`)).statusCode).toBe(200);
    expect((await associate.put(userGroups, { groups: [] })).statusCode).toBe(403);
  });

  it('answers 404 for another organisation’s group, user or a malformed id', async () => {
    const secondGroups = (await other.get(`/v1/accounts/organizations/${second}/groups`)).json();
    const foreignGroup = secondGroups.results[0].guid as string;
    const otherGuid = await userGuidOf(t, 'other@second.test');
    for (const id of [foreignGroup, '00000000-0000-4000-8000-000000000000', 'garbage']) {
      expect((await manager.get(`${groups}/${id}`)).statusCode, id).toBe(404);
      expect((await manager.patch(`${groups}/${id}`, { name: 'X' })).statusCode, id).toBe(404);
      expect((await manager.del(`${groups}/${id}`)).statusCode, id).toBe(404);
      expect((await manager.get(`${groups}/${id}/users`)).statusCode, id).toBe(404);
      expect((await manager.get(`${groups}/${id}/permissions`)).statusCode, id).toBe(404);
      expect((await manager.put(`${groups}/${id}/permissions`, { permissions: [] })).statusCode, id).toBe(
        404,
      );
    }
    expect((await manager.post(`${groups}/${auditors}/users`, { user: otherGuid })).statusCode).toBe(404);
    expect((await manager.del(`${groups}/${auditors}/users/${otherGuid}`)).statusCode).toBe(404);
    const userGroups = `/v1/accounts/organizations/${dfo}/users/${associateGuid}/groups`;
    expect((await manager.put(userGroups, { groups: [foreignGroup] })).statusCode).toBe(404);
    expect(
      (await manager.get(`/v1/accounts/organizations/${dfo}/users/${otherGuid}/groups`)).statusCode,
    ).toBe(404);
    // Second Org's admin cannot reach Demo Family Office's group through its own organisation.
    const sideways = await other.put(`/v1/accounts/organizations/${second}/groups/${auditors}/permissions`, {
      permissions: [],
    });
    expect(sideways.statusCode).toBe(404);
  });

  it('refuses writes without groups.manage, and never lets a member grant what it does not hold', async () => {
    expect((await associate.post(groups, { name: 'Mine' })).statusCode).toBe(403);
    expect((await associate.patch(`${groups}/${auditors}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await associate.del(`${groups}/${auditors}`)).statusCode).toBe(403);
    expect((await associate.put(`${groups}/${auditors}/permissions`, { permissions: [] })).statusCode).toBe(
      403,
    );
    expect((await associate.post(`${groups}/${auditors}/users`, { user: associateGuid })).statusCode).toBe(
      403,
    );

    // A group managers group gives the associate groups.manage, but not what it does not hold itself.
    const managers = await manager.post(groups, { name: 'Group managers', permissions: ['groups.manage'] });
    await manager.post(`${groups}/${managers.json().guid}/users`, { user: associateGuid });
    const sneaky = await associate.post(groups, { name: 'Sneaky', permissions: ['organization.manage'] });
    expect(sneaky.statusCode).toBe(403);
    expect(sneaky.json().detail).toContain('organization.manage');
    const admins = await manager.post(groups, { name: 'Settings', permissions: ['organization.manage'] });
    const join = await associate.post(`${groups}/${admins.json().guid}/users`, { user: associateGuid });
    expect(join.statusCode).toBe(403);
    const fine = await associate.post(groups, { name: 'Viewers', permissions: ['clients.view'] });
    expect(fine.statusCode).toBe(201);
  });

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const scope = {
      id: -1,
      guid: dfo,
      name: 'Demo Family Office',
      organizationUserId: -1,
      role: 'admin',
      teamLabel: null,
      permissions: new Set<string>(),
    };
    const actor = { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null };
    const refusal = await createGroupService(t.deps)
      .removeMember(scope, 'not-a-guid', associateGuid, actor)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(GroupsError);
    expect(refusal).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
