import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';

describe.each(backends)('demo outbox (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it("shows a user its own messages, and an organisation admin its people's, but nobody else's", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset',
      payload: { email: 'client@demo.test' },
    });
    const client = await login(t.app, 'client@demo.test');
    const own = await t.app.inject({ url: '/v1/outbox', headers: bearer(client) });
    expect(own.json().results[0].subject).toBe('Reset your password');

    const manager = await login(t.app, 'manager@demo.test');
    const asAdmin = await t.app.inject({
      url: '/v1/outbox?recipient=client@demo.test',
      headers: bearer(manager),
    });
    expect(asAdmin.json().count).toBe(1);

    const other = await login(t.app, 'other@second.test');
    const foreign = await t.app.inject({
      url: '/v1/outbox?recipient=client@demo.test',
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(403);
    const associate = await login(t.app, 'associate@demo.test');
    const notAdmin = await t.app.inject({
      url: '/v1/outbox?recipient=client@demo.test',
      headers: bearer(associate),
    });
    expect(notAdmin.statusCode).toBe(403);
  });
});
