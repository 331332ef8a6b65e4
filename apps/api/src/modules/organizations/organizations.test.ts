import { PERMISSION_VALUES } from '@bp/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/domain-errors.ts';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, latestEvent, orgGuidOf } from '../../test/org-admin.ts';
import { users } from '../users/tables.ts';
import { createOrganizationService } from './service.ts';
import { organizations, organizationUsers } from './tables.ts';

describe.each(backends)('organisation settings (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let second: string;
  let manager: Caller;
  let associate: Caller;

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    second = await orgGuidOf(t, 'Second Org');
    manager = caller(t, await login(t.app, 'manager@demo.test'));
    associate = caller(t, await login(t.app, 'associate@demo.test'));
  });

  it('lists the caller’s organisations with unread_count, and shows one with its settings', async () => {
    const list = await manager.get('/v1/accounts/organizations');
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ guid: dfo, name: 'Demo Family Office', unread_count: 0, role: 'admin' }],
    });
    const one = await associate.get(`/v1/accounts/organizations/${dfo}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      guid: dfo,
      name: 'Demo Family Office',
      unread_count: 0,
      role: 'user',
      team_label: 'Associate',
      client_property_default: '0',
      password_expiry_days: 90,
      mfa_required: false,
      support_email: null,
      support_phone: null,
    });
    expect((await manager.get(`/v1/accounts/organizations/${second}`)).statusCode).toBe(404);
  });

  it('pages the caller’s organisations by name and counts them on every page, past the last too', async () => {
    const [row] = await t.deps.database.db
      .select({ userId: users.id, organizationId: organizations.id })
      .from(users)
      .innerJoin(organizations, eq(organizations.guid, second))
      .where(eq(users.email, 'associate@demo.test'));
    if (!row) throw new Error('associate or Second Org missing');
    await t.deps.database.db.insert(organizationUsers).values({ ...row, role: 'user' });
    const page = async (n: number) =>
      (await associate.get(`/v1/accounts/organizations?page=${n}&page_size=1`)).json();
    expect(await page(1)).toMatchObject({
      count: 2,
      previous: null,
      next: '/v1/accounts/organizations?page=2&page_size=1',
      results: [{ guid: dfo, name: 'Demo Family Office', role: 'user', team_label: 'Associate' }],
    });
    expect(await page(2)).toMatchObject({
      count: 2,
      next: null,
      results: [{ guid: second, name: 'Second Org', role: 'user', unread_count: 0 }],
    });
    expect(await page(3)).toMatchObject({ count: 2, next: null, results: [] });
    await t.deps.database.db
      .delete(organizationUsers)
      .where(
        and(
          eq(organizationUsers.userId, row.userId),
          eq(organizationUsers.organizationId, row.organizationId),
        ),
      );
  });

  it('lets an admin edit the settings, records before/after, and validates every field', async () => {
    const res = await manager.patch(`/v1/accounts/organizations/${dfo}`, {
      password_expiry_days: 30,
      mfa_required: true,
      support_email: 'Help@DemoFamily.test',
      support_phone: '+1 (555) 201-3344',
      client_property_default: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      password_expiry_days: 30,
      mfa_required: true,
      support_email: 'help@demofamily.test',
      support_phone: '5552013344',
      client_property_default: '1',
    });
    const event = await latestEvent(manager, dfo, 'organization_updated');
    expect(event).toMatchObject({
      object_type: 'organization',
      object_guid: dfo,
      actor: { email: 'manager@demo.test', name: 'Maya Manager' },
      changes: {
        password_expiry_days: { before: 90, after: 30 },
        mfa_required: { before: false, after: true },
        support_email: { before: null, after: 'help@demofamily.test' },
        support_phone: { before: null, after: '5552013344' },
        client_property_default: { before: '0', after: '1' },
      },
    });
    expect(event.changes.name).toBeUndefined();

    // Never expiring, and a blank phone clears it.
    const cleared = await manager.patch(`/v1/accounts/organizations/${dfo}`, {
      password_expiry_days: null,
      support_phone: '',
    });
    expect(cleared.json()).toMatchObject({ password_expiry_days: null, support_phone: null });

    const bad = [
      [{ password_expiry_days: 0 }, 'password_expiry_days'],
      [{ password_expiry_days: 3651 }, 'password_expiry_days'],
      [{ password_expiry_days: 1.5 }, 'password_expiry_days'],
      [{ support_phone: '555-1234' }, 'support_phone'],
      [{ support_phone: '+44 20 7946 0958' }, 'support_phone'],
      [{ support_email: 'not-an-address' }, 'support_email'],
      [{ name: '   ' }, 'name'],
      [{ client_property_default: 'x' }, 'client_property_default'],
    ] as const;
    for (const [body, field] of bad) {
      const refused = await manager.patch(`/v1/accounts/organizations/${dfo}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await manager.patch(`/v1/accounts/organizations/${dfo}`, { guid: dfo })).statusCode).toBe(400);
    expect(
      (await manager.patch(`/v1/accounts/organizations/${dfo}`, { password_expiry_days: 3650 })).json(),
    ).toMatchObject({ password_expiry_days: 3650 });
  });

  it('refuses the settings to a member without organization.manage, and another organisation to all', async () => {
    const res = await associate.patch(`/v1/accounts/organizations/${dfo}`, { name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
    const foreign = await manager.patch(`/v1/accounts/organizations/${second}`, { name: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    const name = (await manager.get(`/v1/accounts/organizations/${dfo}`)).json().name;
    expect(name).toBe('Demo Family Office');
  });

  it('publishes the permission catalogue with labels and what the caller may do', async () => {
    const asAdmin = (await manager.get(`/v1/accounts/organizations/${dfo}/permissions`)).json();
    expect(asAdmin.catalogue.map((p: { slug: string }) => p.slug)).toEqual([...PERMISSION_VALUES]);
    expect(asAdmin.catalogue).toContainEqual({ slug: 'audit.view', label: 'Read the audit history' });
    expect(asAdmin).toMatchObject({ role: 'admin', team_label: 'Manager' });
    expect(asAdmin.effective_permissions).toEqual([...PERMISSION_VALUES]);

    const asAssociate = (await associate.get(`/v1/accounts/organizations/${dfo}/permissions`)).json();
    expect(asAssociate.effective_permissions).toContain('staff.view');
    // From the seeded Auditors group.
    expect(asAssociate.effective_permissions).toContain('audit.view');
    expect(asAssociate.effective_permissions).not.toContain('staff.manage');
    expect(asAssociate.effective_permissions).not.toContain('organization.manage');
  });

  it('refuses a bad support phone when called directly, without an app or a request', async () => {
    const service = createOrganizationService(t.deps, async () => new Map());
    const scope = {
      id: 0,
      guid: dfo,
      name: 'Demo Family Office',
      organizationUserId: 0,
      role: 'admin',
      teamLabel: null,
      permissions: new Set<string>(),
    };
    const actor = { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null };
    const refusal = await service.patch(scope, { support_phone: '12' }, actor).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal).toMatchObject({
      fields: { support_phone: ['Enter a 10-digit phone number (a leading +1 is allowed).'] },
    });
  });
});
