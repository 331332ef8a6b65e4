import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, decode, login, useTestApp } from '../../test/build-test-app.ts';
import { UsersError } from './errors.ts';
import { findUserByEmail } from './lookup.ts';
import { createUserService } from './service.ts';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----bp-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(backends)('users and profiles (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('shows the signed-in user with its flags and features', async () => {
    const tokens = await login(t.app, 'advisor@demo.test');
    const me = (await t.app.inject({ url: '/v1/auth/users/me', headers: bearer(tokens) })).json();
    expect(me).toMatchObject({
      email: 'advisor@demo.test',
      first_name: 'Ava',
      service: 'wealth_manager',
      advisor_dashboard_enabled: true,
      foa_dashboard_enabled: false,
      mfa_required: false,
      mfa_enabled: false,
      avatar: null,
    });
    const manager = await login(t.app, 'manager@demo.test');
    const features = await t.app.inject({ url: '/v1/auth/users/me/features', headers: bearer(manager) });
    expect(features.json()).toEqual([{ feature_name: 'VENDOR_MANAGEMENT' }]);
  });

  it('edits its own name, validates it, and refuses unknown fields', async () => {
    const tokens = await login(t.app, 'designee@demo.test');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/users/me',
      headers: bearer(tokens),
      payload: { last_name: 'Doe' },
    });
    expect(ok.json().last_name).toBe('Doe');
    const blank = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/users/me',
      headers: bearer(tokens),
      payload: { first_name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ first_name: ['This field is required.'] });
    const sneaky = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/users/me',
      headers: bearer(tokens),
      payload: { email: 'evil@x.test', staff: 'admin' },
    });
    expect(sneaky.statusCode).toBe(400);
  });

  it('lets an organisation admin read its staff, but not a client user read staff', async () => {
    const manager = await login(t.app, 'manager@demo.test');
    const associate = await login(t.app, 'associate@demo.test');
    const associateGuid = (
      await t.app.inject({ url: '/v1/auth/users/me', headers: bearer(associate) })
    ).json().guid;
    const asAdmin = await t.app.inject({ url: `/v1/auth/users/${associateGuid}`, headers: bearer(manager) });
    expect(asAdmin.json().email).toBe('associate@demo.test');
    const client = await login(t.app, 'client@demo.test');
    const asClient = await t.app.inject({ url: `/v1/auth/users/${associateGuid}`, headers: bearer(client) });
    expect(asClient.statusCode).toBe(404);
    const asPeer = await t.app.inject({
      method: 'PATCH',
      url: '/v1/auth/users/me',
      headers: bearer(associate),
      payload: { first_name: 'Alexandra' },
    });
    expect(asPeer.statusCode).toBe(200);
  });

  it('an admin of one organisation cannot read or change a user another organisation shares, nor internal staff', async () => {
    const other = await login(t.app, 'other@second.test');
    const superGuid = decode((await login(t.app, 'super@demo.test')).access).sub as string;
    const read = await t.app.inject({ url: `/v1/auth/users/${superGuid}`, headers: bearer(other) });
    expect(read.statusCode).toBe(404);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/v1/auth/users/${superGuid}`,
      headers: bearer(other),
      payload: { first_name: 'Hijacked' },
    });
    expect(rename.statusCode).toBe(404);
    const me = await t.app.inject({
      url: '/v1/auth/users/me',
      headers: bearer(await login(t.app, 'super@demo.test')),
    });
    expect(me.json().first_name).not.toBe('Hijacked');
  });

  it('uploads an avatar checked by content, serves it, and removes it', async () => {
    const tokens = await login(t.app, 'client@demo.test');
    const fake = multipart('avatar', 'photo.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v1/auth/users/me/upload-avatar',
      headers: { ...bearer(tokens), 'content-type': fake.contentType },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ avatar: ['Upload a JPEG, PNG or GIF image.'] });

    const big = multipart(
      'avatar',
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    );
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: '/v1/auth/users/me/upload-avatar',
      headers: { ...bearer(tokens), 'content-type': big.contentType },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().avatar[0]).toMatch(/2 MB/);

    const good = multipart('avatar', 'me.txt', 'text/plain', PNG);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/v1/auth/users/me/upload-avatar',
      headers: { ...bearer(tokens), 'content-type': good.contentType },
      payload: good.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const avatar = uploaded.json().avatar as string;
    expect(avatar).toMatch(/\/avatar$/);
    const image = await t.app.inject({ url: avatar, headers: bearer(tokens) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);

    const removed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/users/me/remove-avatar',
      headers: bearer(tokens),
    });
    expect(removed.json().avatar).toBeNull();
    expect((await t.app.inject({ url: avatar, headers: bearer(tokens) })).statusCode).toBe(404);
  });

  it('refuses with its own error when called directly, without an app or a request', async () => {
    const neverAsked = {
      isPasswordExpired: async () => false,
      memberOfOrganizationRequiringMfa: async () => false,
    };
    const service = createUserService(t.deps, neverAsked);
    const manager = await findUserByEmail(t.deps.database.db, 'manager@demo.test');
    const actor = {
      actorUserId: manager?.id ?? null,
      maskedByUserId: null,
      requestId: 'test',
      ipAddress: null,
    };
    const refusal = await service.acceptTerms(manager?.guid ?? '', actor).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(UsersError);
    expect(refusal).toMatchObject({ kind: 'forbidden', code: 'permission_denied' });
    await expect(
      service.get('00000000-0000-4000-8000-000000000000', manager?.guid ?? ''),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
  });
});
