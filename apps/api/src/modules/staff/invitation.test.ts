import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import {
  type Caller,
  caller,
  lastMessageTo,
  latestEvent,
  linkToken,
  orgGuidOf,
} from '../../test/org-admin.ts';

describe.each(backends)('staff invitations (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let dfo: string;
  let users: string;
  let manager: Caller;

  const validate = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password-reset/validate-token', payload: { token } });

  beforeAll(async () => {
    dfo = await orgGuidOf(t, 'Demo Family Office');
    users = `/v1/accounts/organizations/${dfo}/users`;
    manager = caller(t, await login(t.app, 'manager@demo.test'));
  });

  it('invites a new staff member by e-mail, and the link turns into a working sign-in', async () => {
    const created = await manager.post(users, {
      email: 'ivy@demo.test',
      first_name: 'Ivy',
      last_name: 'Invited',
      team_label: 'Accounting',
    });
    expect(created.statusCode).toBe(201);
    const guid = created.json().guid as string;

    const sent = await manager.post(`${users}/${guid}/send-staff-invitation`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: 'Invitation sent.' });
    const first = await lastMessageTo(t, 'ivy@demo.test');
    expect(first.subject).toBe('You are invited to Demo Family Office');
    expect(first.bodyText).toContain('Maya Manager has invited you to join Demo Family Office');
    expect(first.bodyText).toContain('http://app.test/create-account?token=');
    expect(first.bodyText).toContain('Sent by Demo Family Office through the Bill-pay platform.');
    const firstToken = linkToken(first.bodyText);
    expect((await validate(firstToken)).json()).toEqual({
      type: 'invite',
      email: 'ivy@demo.test',
      first_name: 'Ivy',
    });
    // The admin can hand the link on in the demo: the outbox shows it to them too.
    const demoOutbox = await manager.get('/v1/outbox?recipient=ivy@demo.test');
    expect(demoOutbox.json().results[0].body_text).toContain(firstToken);

    // Sending again replaces the link: the first stops working.
    await manager.post(`${users}/${guid}/send-staff-invitation`);
    const token = linkToken((await lastMessageTo(t, 'ivy@demo.test')).bodyText);
    expect(token).not.toBe(firstToken);
    expect((await validate(firstToken)).statusCode).toBe(400);

    const event = await latestEvent(manager, dfo, 'staff_invitation_sent');
    expect(event).toMatchObject({
      object_guid: guid,
      actor: { email: 'manager@demo.test' },
      changes: { status: { before: 'pending_invite', after: 'pending_invite' } },
    });

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, password: 'ledger-and-42-coffee', first_name: 'Ivy', last_name: 'Ingram' },
    });
    expect(confirm.statusCode).toBe(200);
    const ivy = caller(t, await login(t.app, 'ivy@demo.test', 'ledger-and-42-coffee'));
    const me = await ivy.get(`${users}/${guid}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      last_name: 'Ingram',
      status: 'accepted',
      status_label: 'Invite Accepted',
      isAccounting: true,
    });
    expect((await validate(token)).statusCode).toBe(400);
    // Her acceptance and sign-in carry no organisation, but she is a member: the trail shows them here.
    const accepted = await latestEvent(manager, dfo, 'invitation_accepted');
    expect(accepted).toMatchObject({ object_guid: guid, actor: { email: 'ivy@demo.test' } });
    expect((await latestEvent(manager, dfo, 'login')).actor?.email).toBe('ivy@demo.test');

    // Once the password is set, the invitation is spent: "Forgot password" is the way back in.
    const again = await manager.post(`${users}/${guid}/send-staff-invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
  });

  it('refuses to invite a disabled user, and refuses callers without staff.manage', async () => {
    const created = await manager.post(users, {
      email: 'dora@demo.test',
      first_name: 'Dora',
      last_name: 'D',
    });
    const guid = created.json().guid as string;
    await manager.post(`${users}/${guid}/enable`, { is_active: false });
    const res = await manager.post(`${users}/${guid}/send-staff-invitation`);
    expect(res.statusCode).toBe(409);
    const associate = caller(t, await login(t.app, 'associate@demo.test'));
    await manager.post(`${users}/${guid}/enable`, { is_active: true });
    expect((await associate.post(`${users}/${guid}/send-staff-invitation`)).statusCode).toBe(403);
    expect((await manager.post(`${users}/${guid}/send-staff-invitation`)).statusCode).toBe(200);
  });
});
