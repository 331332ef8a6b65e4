import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import {
  type Caller,
  caller,
  clientGuidOf,
  latestEvent,
  orgGuidOf,
  userGuidOf,
} from '../../test/org-admin.ts';
import { clients } from '../clients/tables.ts';
import { createAssignmentService } from './assignments.ts';
import { StaffError } from './errors.ts';

describe.each(backends)('staff-to-client assignments (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let users: string;
  let manager: Caller;
  let associate: Caller;
  let harper: string;
  let superGuid: string;

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    users = `/v1/accounts/organizations/${dfo}/users`;
    manager = caller(t, await login(t.app, 'manager@demo.test'));
    associate = caller(t, await login(t.app, 'associate@demo.test'));
    harper = await clientGuidOf(t, 'Harper Household');
    superGuid = await userGuidOf(t, 'super@demo.test');
  });

  it('lists the clients a staff member is assigned to or backs up', async () => {
    const managerGuid = await userGuidOf(t, 'manager@demo.test');
    const res = await associate.get(`${users}/${managerGuid}/clients`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(4);
    const kinds = Object.fromEntries(
      res.json().results.map((a: { client: { name: string }; kind: string }) => [a.client.name, a.kind]),
    );
    expect(Object.values(kinds).sort()).toEqual(['assigned', 'assigned', 'backup', 'backup']);
    expect((await manager.get(`${users}/${superGuid}/clients`)).json()).toMatchObject({ count: 0 });
  });

  it('assigns, changes the kind, and unassigns, each in the audit trail under the client', async () => {
    const created = await manager.post(`${users}/${superGuid}/clients`, { client: harper, kind: 'backup' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      client: { guid: harper, name: 'Harper Household' },
      kind: 'backup',
    });
    const event = await latestEvent(manager, dfo, 'client_assignment_created');
    expect(event).toMatchObject({
      object_type: 'client_assignment',
      client: { guid: harper, name: 'Harper Household' },
      changes: {
        user: { before: null, after: 'super@demo.test' },
        client: { before: null, after: 'Harper Household' },
        kind: { before: null, after: 'backup' },
      },
    });

    const changed = await manager.post(`${users}/${superGuid}/clients`, { client: harper, kind: 'assigned' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().kind).toBe('assigned');
    expect((await latestEvent(manager, dfo, 'client_assignment_updated')).changes).toEqual({
      kind: { before: 'backup', after: 'assigned' },
    });
    const list = (await manager.get(`${users}/${superGuid}/clients`)).json();
    expect(list.results).toEqual([expect.objectContaining({ kind: 'assigned' })]);

    const removed = await manager.del(`${users}/${superGuid}/clients/${harper}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await latestEvent(manager, dfo, 'client_assignment_deleted')).changes).toMatchObject({
      kind: { before: 'assigned', after: null },
    });
    expect((await manager.get(`${users}/${superGuid}/clients`)).json().count).toBe(0);
    expect((await manager.del(`${users}/${superGuid}/clients/${harper}`)).statusCode).toBe(404);
  });

  it('refuses another organisation’s client, unknown ones, archived ones, and callers without staff.manage', async () => {
    const nakamura = await clientGuidOf(t, 'Nakamura Holdings');
    const foreign = await manager.post(`${users}/${superGuid}/clients`, {
      client: nakamura,
      kind: 'assigned',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await manager.del(`${users}/${superGuid}/clients/${nakamura}`)).statusCode).toBe(404);
    const unknown = await manager.post(`${users}/${superGuid}/clients`, {
      client: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await manager.post(`${users}/${superGuid}/clients`, { client: 'nope' })).statusCode).toBe(400);
    expect(
      (await manager.post(`${users}/${superGuid}/clients`, { client: harper, kind: 'lead' })).json(),
    ).toHaveProperty('kind');

    const okafor = await clientGuidOf(t, 'Okafor Family');
    await t.deps.database.db.update(clients).set({ archivedAt: new Date() }).where(eq(clients.guid, okafor));
    const archived = await manager.post(`${users}/${superGuid}/clients`, { client: okafor });
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toEqual({ client: ['This client is archived.'] });

    const denied = await associate.post(`${users}/${superGuid}/clients`, { client: harper });
    expect(denied.statusCode).toBe(403);
    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    expect((await associate.del(`${users}/${associateGuid}/clients/${harper}`)).statusCode).toBe(403);
    // A Second Org user is not a Demo Family Office staff member.
    const otherGuid = await userGuidOf(t, 'other@second.test');
    expect((await manager.get(`${users}/${otherGuid}/clients`)).statusCode).toBe(404);
    expect((await manager.post(`${users}/${otherGuid}/clients`, { client: harper })).statusCode).toBe(404);
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
    const refusal = await createAssignmentService(t.deps)
      .list(scope, 'not-a-guid', { limit: 10, offset: 0 })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StaffError);
    expect(refusal).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });
  });
});
