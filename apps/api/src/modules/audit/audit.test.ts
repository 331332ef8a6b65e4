import type { TokenPair } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import {
  type Caller,
  caller,
  clientGuidOf,
  type EventLogItem,
  orgGuidOf,
  userGuidOf,
} from '../../test/org-admin.ts';
import { clients } from '../clients/tables.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

describe.each(backends)('audit history (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let second: string;
  let logs: string;
  let manager: Caller;
  let associate: Caller;
  let other: Caller;

  let managerTokens: TokenPair;

  const items = async (as: Caller, query = '') => {
    const res = await as.get(`${logs}?page_size=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as EventLogItem[];
  };
  /** The manager, in a time zone. */
  const managerIn = (zone: string) => caller(t, managerTokens, { 'x-timezone': zone });

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    second = await orgGuidOf(t, 'Second Org');
    logs = `/v1/accounts/organizations/${dfo}/event-logs`;
    managerTokens = await login(t.app, 'manager@demo.test');
    manager = caller(t, managerTokens);
    associate = caller(t, await login(t.app, 'associate@demo.test'));
    other = caller(t, await login(t.app, 'other@second.test'));
  });

  it('shows the organisation’s records and its members’ own ones, newest first, never another’s', async () => {
    await associate.patch('/v1/auth/users/me', { first_name: 'Alexis' });
    await other.patch(`/v1/accounts/organizations/${second}`, { support_phone: '555-201-3344' });
    const client = caller(t, await login(t.app, 'client@demo.test'));
    await client.patch('/v1/auth/users/me', { first_name: 'Clara' });
    await manager.patch(`/v1/accounts/organizations/${dfo}`, { mfa_required: true });

    const all = await items(manager);
    expect(all[0]).toMatchObject({
      action: 'organization_updated',
      object_type: 'organization',
      object_guid: dfo,
      actor: {
        guid: await userGuidOf(t, 'manager@demo.test'),
        name: 'Maya Manager',
        email: 'manager@demo.test',
      },
      masked_by: null,
      client: null,
      changes: { mfa_required: { before: false, after: true } },
    });
    const times = all.map((i) => i.created_on);
    expect([...times].sort().reverse()).toEqual(times);
    // The associate's own profile edit has no organisation, but the associate is a member.
    expect(all.find((i) => i.action === 'user_updated')).toMatchObject({
      actor: { email: 'associate@demo.test' },
      changes: { first_name: { before: 'Alex', after: 'Alexis' } },
    });
    expect(
      all
        .filter((i) => i.action === 'login')
        .map((i) => i.actor?.email)
        .sort(),
    ).toEqual(['associate@demo.test', 'manager@demo.test']);
    const emails = new Set(all.map((i) => i.actor?.email));
    expect(emails.has('other@second.test')).toBe(false);
    expect(emails.has('client@demo.test')).toBe(false);
    expect(all.some((i) => i.object_guid === second)).toBe(false);

    // Second Org sees its own settings change and not Demo Family Office's.
    const theirs = (await other.get(`/v1/accounts/organizations/${second}/event-logs`)).json().results;
    expect(theirs.map((i: EventLogItem) => i.action)).toContain('organization_updated');
    expect(theirs.some((i: EventLogItem) => i.object_guid === dfo)).toBe(false);
  });

  it('filters by actor, object type and client; all-clients means no filter', async () => {
    const superGuid = await userGuidOf(t, 'super@demo.test');
    const harper = await clientGuidOf(t, 'Harper Household');
    const lindqvist = await clientGuidOf(t, 'Lindqvist Trust');
    const users_ = `/v1/accounts/organizations/${dfo}/users`;
    await manager.post(`${users_}/${superGuid}/clients`, { client: harper, kind: 'backup' });
    await manager.post(`${users_}/${superGuid}/clients`, { client: lindqvist, kind: 'backup' });

    const byClient = await items(manager, `client=${harper}`);
    expect(byClient.map((i) => [i.action, i.client?.name])).toEqual([
      ['client_assignment_created', 'Harper Household'],
    ]);
    const everyClient = await items(manager, 'client=all-clients&object_type=client_assignment');
    expect(everyClient).toHaveLength(2);
    const nakamura = await clientGuidOf(t, 'Nakamura Holdings');
    expect(await items(manager, `client=${nakamura}`)).toEqual([]);

    const associateGuid = await userGuidOf(t, 'associate@demo.test');
    const byActor = await items(manager, `user=${associateGuid}`);
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((i) => i.actor?.email === 'associate@demo.test')).toBe(true);
    const byType = await items(manager, 'object_type=organization');
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((i) => i.object_type === 'organization')).toBe(true);
    expect(await items(manager, `user=${await userGuidOf(t, 'other@second.test')}`)).toEqual([]);

    expect((await manager.get(`${logs}?user=nope`)).statusCode).toBe(400);
    expect((await manager.get(`${logs}?client=nope`)).statusCode).toBe(400);
  });

  it('filters by calendar days, inclusive, in the X-Timezone zone (UTC without one)', async () => {
    const { db } = t.deps.database;
    const [org] = await db.select().from(organizations).where(eq(organizations.guid, dfo));
    const [maya] = await db.select().from(users).where(eq(users.email, 'manager@demo.test'));
    const [masker] = await db.select().from(users).where(eq(users.email, 'super@demo.test'));
    const [harper] = await db.select().from(clients).where(eq(clients.name, 'Harper Household'));
    const at = (iso: string, objectGuid: string) => ({
      action: 'marked',
      objectType: 'marker',
      objectGuid,
      organizationId: org?.id ?? 0,
      clientId: harper?.id ?? null,
      actorUserId: maya?.id ?? null,
      maskedByUserId: masker?.id ?? null,
      createdAt: new Date(iso),
      changes: { note: { before: 'a', after: 'b' } },
    });
    const A = '00000000-0000-4000-8000-00000000000a';
    const B = '00000000-0000-4000-8000-00000000000b';
    const C = '00000000-0000-4000-8000-00000000000c';
    await db.insert(auditRecords).values([
      at('2026-01-15T04:00:00Z', A), // 14 January, 23:00 in New York
      at('2026-01-15T12:00:00Z', B),
      at('2026-01-16T03:00:00Z', C), // 15 January, 22:00 in New York
    ]);
    const marked = (list: EventLogItem[]) => list.map((i) => i.object_guid);
    const day = 'object_type=marker&date_from=2026-01-15&date_to=2026-01-15';
    expect(marked(await items(manager, day))).toEqual([B, A]);
    expect(marked(await items(managerIn('America/New_York'), day))).toEqual([C, B]);
    expect(marked(await items(managerIn('Not/AZone'), day))).toEqual([B, A]);
    expect(marked(await items(manager, 'object_type=marker&date_from=2026-01-16'))).toEqual([C]);
    expect(marked(await items(manager, 'object_type=marker&date_to=2026-01-14'))).toEqual([]);
    const [one] = (await manager.get(`${logs}?object_type=marker&page_size=1`)).json().results;
    expect(one).toMatchObject({
      masked_by: { guid: await userGuidOf(t, 'super@demo.test'), name: 'Sam Super' },
      client: { name: 'Harper Household' },
      changes: { note: { before: 'a', after: 'b' } },
    });
    const paged = (await manager.get(`${logs}?object_type=marker&page=2&page_size=2`)).json();
    expect(paged).toMatchObject({ count: 3, next: null });
    expect(marked(paged.results)).toEqual([A]);

    const backwards = await manager.get(`${logs}?date_from=2026-01-16&date_to=2026-01-15`);
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json())).toEqual(['date_to']);
    expect((await manager.get(`${logs}?date_from=01/15/2026`)).statusCode).toBe(400);
    expect((await manager.get(`${logs}?date_from=2026-02-30`)).statusCode).toBe(400);
  });

  it('is for holders of audit.view in this organisation only', async () => {
    expect((await other.get(logs)).statusCode).toBe(404);
    const expired = caller(t, await login(t.app, 'expired@demo.test'));
    expect((await expired.get(logs)).json().code).toBe('password_expired');
    const groups = (await manager.get(`/v1/accounts/organizations/${dfo}/groups?search=Auditors`)).json();
    const auditors = groups.results[0].guid;
    await manager.del(
      `/v1/accounts/organizations/${dfo}/groups/${auditors}/users/${await userGuidOf(t, 'associate@demo.test')}`,
    );
    const denied = await associate.get(logs);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    expect((await t.app.inject({ url: logs })).statusCode).toBe(401);
  });
});
