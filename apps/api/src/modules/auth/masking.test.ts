import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { type Backend, backends, bearer, decode, login, useTestApp } from '../../test/build-test-app.ts';
import { users } from '../users/tables.ts';

describe.each(backends)('masking (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('lists non-staff users with search and paging, for internal staff only', async () => {
    const staff = await login(t.app, 'super@demo.test');
    const page1 = await t.app.inject({ url: '/v1/auth/mask/users?page_size=5', headers: bearer(staff) });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(5);
    expect(body.next).toContain('page=2');
    expect(body.results.map((u: { email: string }) => u.email)).not.toContain('super@demo.test');
    const search = await t.app.inject({ url: '/v1/auth/mask/users?search=harper', headers: bearer(staff) });
    expect(search.json().results.map((u: { email: string }) => u.email)).toEqual(['client@demo.test']);
    const manager = await login(t.app, 'manager@demo.test');
    expect((await t.app.inject({ url: '/v1/auth/mask/users', headers: bearer(manager) })).statusCode).toBe(
      403,
    );
  });

  it('masks as a client, records both people on every write, and cannot mask again while masked', async () => {
    const staff = await login(t.app, 'super@demo.test');
    const [client] = await t.deps.database.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    const masked = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mask',
      headers: bearer(staff),
      payload: { guid: client?.guid },
    });
    expect(masked.statusCode).toBe(200);
    const tokens = masked.json();
    const claims = decode(tokens.access);
    expect(claims.sub).toBe(client?.guid);
    expect(claims.masked_by).toBe(decode(staff.access).sub);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/users/me',
      headers: bearer(tokens),
      payload: { first_name: 'Clara' },
    });
    expect(patch.json().first_name).toBe('Clara');
    const [record] = await t.deps.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'user_updated'))
      .orderBy(desc(auditRecords.id));
    const [superUser] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'super@demo.test'));
    expect(record).toMatchObject({ actorUserId: client?.id, maskedByUserId: superUser?.id });
    expect(record?.changes).toEqual({ first_name: { before: 'Claire', after: 'Clara' } });

    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mask',
      headers: bearer(tokens),
      payload: { guid: client?.guid },
    });
    expect(again.statusCode).toBe(403);
    // The masked refresh keeps the mask.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/refresh',
      payload: { refresh: tokens.refresh },
    });
    expect(decode(refreshed.json().access).masked_by).toBe(decode(staff.access).sub);
  });

  it('never masks onto internal staff, and 404s an unknown user', async () => {
    const staff = await login(t.app, 'super@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mask',
      headers: bearer(staff),
      payload: { guid: decode(staff.access).sub },
    });
    expect(res.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mask',
      headers: bearer(staff),
      payload: { guid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
