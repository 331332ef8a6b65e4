import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { users } from '../users/tables.ts';
import { clientsTestKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';
const invitee = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  first_name: 'Ivy',
  last_name: 'Invitee',
  role: 'designee',
  client_relation: 'designee',
  ...extra,
});

describe.each(backends)('client invitations (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);
  const orgUrl = async () => `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}`;

  it('invites a designee end to end: e-mail, create account, sign in, accept terms, see the client', async () => {
    const harper = await kit.clientByName('Harper Household');
    const res = await kit.call(MANAGER, 'POST', `${await orgUrl()}/client-invitations`, {
      client: harper.guid,
      ...invitee('Ivy.Invitee@Example.test', { approval_limit: 250_000 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: { email: 'ivy.invitee@example.test', first_name: 'Ivy', last_name: 'Invitee' },
      role: 'designee',
      role_label: 'Designee',
      client_relation: 'designee',
      status: 'pending_invite',
      status_label: 'Pending Invite',
      approval_limit: 250_000,
    });
    const mail = await kit.lastEmailTo('ivy.invitee@example.test');
    expect(mail?.bodyText).toMatch(/http:\/\/app\.test\/create-account\?token=[\w-]+/);
    // The e-mail is headed and signed with the inviting organisation's name.
    expect(mail?.bodyText).toContain('Sent by Demo Family Office through the Bill-pay platform.');
    expect(mail?.bodyHtml).toContain('Demo Family Office');
    const [audit] = await kit.auditOf(res.json().guid);
    expect(audit).toMatchObject({ action: 'client_user_invited', clientId: harper.id });

    const token = await kit.tokenSentTo('ivy.invitee@example.test');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, password: 'ivy-secret-2026', first_name: 'Ivy', last_name: 'Green' },
    });
    expect(confirm.statusCode).toBe(200);
    const tokens = await login(t.app, 'ivy.invitee@example.test', 'ivy-secret-2026');
    const beforeTerms = await t.app.inject({ url: '/v1/accounts/clients', headers: bearer(tokens) });
    expect(beforeTerms.json().code).toBe('must_accept_terms');
    await t.app.inject({ method: 'POST', url: '/v1/auth/users/me/accept-terms', headers: bearer(tokens) });
    const list = (await t.app.inject({ url: '/v1/accounts/clients', headers: bearer(tokens) })).json();
    expect(list.results).toEqual([expect.objectContaining({ guid: harper.guid, role: 'designee' })]);

    const staffView = (
      await kit.call(MANAGER, 'GET', `/v1/accounts/clients/${harper.guid}/users/${res.json().guid}`)
    ).json();
    expect(staffView).toMatchObject({
      status: 'accepted',
      status_label: 'Invite Accepted',
      user: { last_name: 'Green' },
    });
  });

  it('resends a pending invitation with a new link; the old link stops working; accepted ones refuse', async () => {
    const okafor = await kit.clientByName('Okafor Family');
    const created = await kit.call(MANAGER, 'POST', `/v1/accounts/clients/${okafor.guid}/user-invitations`, {
      ...invitee('rex@example.test', { role: 'observer', client_relation: 'other' }),
    });
    expect(created.statusCode).toBe(201);
    const first = await kit.tokenSentTo('rex@example.test');
    const resendUrl = `/v1/accounts/clients/${okafor.guid}/user-invitations/${created.json().guid}/resend`;
    const resent = await kit.call(MANAGER, 'POST', resendUrl);
    expect(resent.statusCode).toBe(200);
    const second = await kit.tokenSentTo('rex@example.test');
    expect(second).not.toBe(first);
    const validate = (token: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/password-reset/validate-token', payload: { token } });
    expect((await validate(first)).statusCode).toBe(400);
    expect((await validate(second)).json()).toMatchObject({ type: 'invite', email: 'rex@example.test' });

    const accepted = await kit.clientUserGuid('Okafor Family', 'newclient@demo.test');
    const refused = await kit.call(
      MANAGER,
      'POST',
      `/v1/accounts/clients/${okafor.guid}/user-invitations/${accepted}/resend`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: [expect.stringMatching(/already accepted/)] });
  });

  it('refuses staff e-mails, duplicates and bad fields; reuses an existing client account', async () => {
    const harper = await kit.clientByName('Harper Household');
    const url = `/v1/accounts/clients/${harper.guid}/user-invitations`;
    const staff = await kit.call(MANAGER, 'POST', url, invitee('Associate@demo.test'));
    expect(staff.statusCode).toBe(400);
    expect(staff.json()).toEqual({ email: [expect.stringMatching(/staff account/)] });
    const duplicate = await kit.call(MANAGER, 'POST', url, invitee('designee@demo.test'));
    expect(duplicate.json()).toEqual({ email: ['This person is already a user of this client.'] });
    for (const bad of [
      invitee('not-an-email'),
      invitee('x@example.test', { role: 'admin' }),
      invitee('x@example.test', { client_relation: 'cousin' }),
      invitee('x@example.test', { approval_limit: -1 }),
      invitee('x@example.test', { first_name: '' }),
    ]) {
      expect((await kit.call(MANAGER, 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const before = await t.deps.database.db.select().from(users);
    const okafor = await kit.clientByName('Okafor Family');
    const reused = await kit.call(
      MANAGER,
      'POST',
      `/v1/accounts/clients/${okafor.guid}/user-invitations`,
      invitee('client@demo.test', { role: 'client', client_relation: 'other' }),
    );
    expect(reused.statusCode).toBe(201);
    expect(reused.json()).toMatchObject({ status: 'active', user: { first_name: 'Claire' } });
    expect((await t.deps.database.db.select().from(users)).length).toBe(before.length);
    expect((await kit.lastEmailTo('client@demo.test'))?.bodyText).toContain('http://app.test/login');
    const [claire] = await t.deps.database.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    expect(claire?.status).toBe('active');
  });

  it("lets the client invite designees and observers only, and refuses the client's designee", async () => {
    const harper = await kit.clientByName('Harper Household');
    const url = `/v1/accounts/clients/${harper.guid}/user-invitations`;
    const ok = await kit.call('client@demo.test', 'POST', url, invitee('helper@example.test'));
    expect(ok.statusCode).toBe(201);
    // Invited by the client, the e-mail still names the organisation the client belongs to.
    expect((await kit.lastEmailTo('helper@example.test'))?.bodyText).toContain(
      'Sent by Demo Family Office through the Bill-pay platform.',
    );
    const asClient = await kit.call(
      'client@demo.test',
      'POST',
      url,
      invitee('boss@example.test', { role: 'client', client_relation: 'primary' }),
    );
    expect(asClient.statusCode).toBe(403);
    const byDesignee = await kit.call('designee@demo.test', 'POST', url, invitee('d2@example.test'));
    expect(byDesignee.statusCode).toBe(403);
  });
});
