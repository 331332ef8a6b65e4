import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MobileApp } from './MobileApp.tsx';
import { ACCESS, clientApi, REFRESH } from './test/client-api.test-support.ts';
import { jwt } from './test/fake-api.test-support.ts';
import { fakePhone } from './test/fake-phone.test-support.ts';
import { BILL, bill, CLIENT, USER } from './test/fixtures.test-support.ts';

afterEach(cleanup);

/** A phone already signed in as a client user (tokens in the secure store), opened on the bill. */
async function openBillSignedIn(api: ReturnType<typeof clientApi>) {
  const phone = fakePhone(api.fetch, { access_token: ACCESS, refresh_token: REFRESH });
  phone.pushToken = null;
  render(<MobileApp services={phone.services} />);
  fireEvent.click(await screen.findByRole('button', { name: /Pacific Power & Light/ }));
  await screen.findByRole('heading', { name: 'Lines' });
  return phone;
}

describe('the mobile app', () => {
  it('signs in with the two-factor code, keeps the tokens in the secure store and registers the push token', async () => {
    const api = clientApi('client')
      .on('POST', '/v1/auth/login', { ephemeral_token: 'eph-123', method: 'sms' })
      .handle('POST', '/v1/auth/login/code', (r) =>
        (r.body as { code: string }).code === '123456'
          ? { body: { access: ACCESS, refresh: REFRESH } }
          : { status: 400, body: { code: ['The code is not valid or has expired.'] } },
      );
    const phone = fakePhone(api.fetch);
    render(<MobileApp services={phone.services} />);

    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'client@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('We sent a 6-digit sign-in code by text message.')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '654 321' } });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid or has expired.');

    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for your approval' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '1 bill waiting for your approval' })).toBeInTheDocument();
    expect(api.to('POST', '/v1/auth/login/code').map((r) => r.body)).toEqual([
      { ephemeral_token: 'eph-123', code: '654321' },
      { ephemeral_token: 'eph-123', code: '123456' },
    ]);
    await waitFor(() => expect(phone.stored.get('refresh_token')).toBe(REFRESH));
    expect(phone.stored.get('access_token')).toBe(ACCESS);

    // Push registration: this phone's Expo token goes to the API with the session's bearer.
    await waitFor(() => expect(api.to('POST', '/v1/notifications/devices')).toHaveLength(1));
    const [registration] = api.to('POST', '/v1/notifications/devices');
    expect(registration?.body).toEqual({
      token: 'ExponentPushToken[mobile-test-device-0001]',
      platform: 'ios',
    });
    expect(registration?.authorization).toBe(`Bearer ${ACCESS}`);

    // Sign-out unregisters the device, revokes the refresh token and empties the secure store.
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    api.on('GET', '/v1/notifications/preferences', {
      preferences: [{ notification_type: 'client_approval', email: true, push: true }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.to('DELETE', '/v1/notifications/devices/:token')[0]?.path).toBe(
      `/v1/notifications/devices/${encodeURIComponent('ExponentPushToken[mobile-test-device-0001]')}`,
    );
    expect(api.to('POST', '/v1/auth/token/blacklist')[0]?.body).toEqual({ refresh: REFRESH });
    expect([...phone.stored.keys()]).toEqual([]);
  });

  it('shows an observer the bill without any action', async () => {
    await openBillSignedIn(clientApi('observer', bill({})));
    expect(screen.getByText(/You are an observer on this client/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByLabelText('Write a message')).toBeNull();
    expect(
      screen.getByRole('group', { name: 'Utilities: Electricity, November service, $12,500.00' }),
    ).toBeInTheDocument();
  });

  it("disables a designee's Approve over its limit and says why; Reject still works with a reason", async () => {
    const api = clientApi(
      'designee',
      bill({ reject: true }, 'This bill is above your approval limit.'),
    ).handle('POST', '/v1/billing/clients/:c/bills/:b/workflow', (r) => ({
      body: {
        ...bill({}),
        status: 'rejected',
        reject_reason: (r.body as { reject_reason: string }).reject_reason,
      },
    }));
    await openBillSignedIn(api);

    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('This bill is above your approval limit.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject bill' }));
    expect(await screen.findByText('Choose why the bill is rejected.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate bill' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject bill' }));

    expect(await screen.findByText('Rejected: Pacific Power & Light, $12,500.00.')).toBeInTheDocument();
    const [sent] = api.to('POST', '/v1/billing/clients/:c/bills/:b/workflow');
    expect(sent?.path).toBe(`/v1/billing/clients/${CLIENT}/bills/${BILL}/workflow`);
    expect(sent?.body).toEqual({ action: 'reject', reject_reason: 'duplicate', version: 3 });
  });

  it('refreshes an expired access token once for every call, and signs out when the refresh is refused', async () => {
    const stale = jwt({ sub: USER, staff: null, type: 'client', password_expired: false, exp: 1 });
    let refreshes = 0;
    const api = clientApi('client').handle('POST', '/v1/auth/token/refresh', () => {
      refreshes += 1;
      return refreshes === 1
        ? { body: { access: ACCESS, refresh: REFRESH } }
        : { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
    });
    const phone = fakePhone(api.fetch, { access_token: stale, refresh_token: REFRESH });
    phone.pushToken = null;
    render(<MobileApp services={phone.services} />);
    expect(await screen.findByRole('img', { name: '1 bill waiting for your approval' })).toBeInTheDocument();
    // The home's calls went out together: one refresh served them all, each then used the new token.
    expect(refreshes).toBe(1);
    expect(
      api.to('GET', '/v1/billing/clients/:c/bills').every((r) => r.authorization === `Bearer ${ACCESS}`),
    ).toBe(true);

    // The server ends the session: the next call's 401, then a refused refresh, sign the phone out.
    api.handle('GET', '/v1/billing/clients/:c/bills/:b', () => ({
      status: 401,
      body: { detail: 'Session ended.', code: 'token_not_valid' },
    }));
    fireEvent.click(screen.getByRole('button', { name: /Pacific Power & Light/ }));
    expect(await screen.findByText('Your session has ended. Sign in again.')).toBeInTheDocument();
    expect(refreshes).toBe(2);
    await waitFor(() => expect([...phone.stored.keys()]).toEqual([]));
  });

  it('shows an image attachment in the app and hands a PDF to the phone’s viewer', async () => {
    const file = (guid: string, name: string, mime: string) => ({
      guid,
      original_name: name,
      mime_type: mime,
      size_bytes: 48_000,
      uploaded_by: null,
      created_on: '2026-11-21T09:00:00Z',
    });
    const api = clientApi('client')
      .on('GET', '/v1/billing/clients/:c/bills/:b/attachments', [
        file('11111111-2222-4333-8444-555555555555', 'invoice.pdf', 'application/pdf'),
        file('66666666-7777-4888-9999-000000000000', 'meter.jpg', 'image/jpeg'),
      ])
      .on('GET', '/v1/billing/clients/:c/bills/:b/attachments/:a/download', 'bytes');
    const phone = await openBillSignedIn(api);

    fireEvent.click(await screen.findByRole('button', { name: 'invoice.pdf (47 KB)' }));
    await waitFor(() => expect(phone.opened).toEqual([{ name: 'invoice.pdf', mimeType: 'application/pdf' }]));

    fireEvent.click(screen.getByRole('button', { name: 'meter.jpg (47 KB)' }));
    expect((await screen.findAllByRole('img', { name: 'meter.jpg' })).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryAllByRole('img', { name: 'meter.jpg' })).toEqual([]));
    expect(phone.opened).toHaveLength(1);
  });

  it('opens the bill of a tapped push, and of an app link', async () => {
    const api = clientApi('client');
    const phone = fakePhone(api.fetch, { access_token: ACCESS, refresh_token: REFRESH });
    phone.pushToken = null;
    render(<MobileApp services={phone.services} />);
    await screen.findByRole('heading', { name: 'Waiting for your approval' });

    phone.tapPush({ bill: BILL, client: CLIENT });
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeInTheDocument();
    expect(api.to('GET', '/v1/billing/clients/:c/bills/:b').at(-1)?.path).toBe(
      `/v1/billing/clients/${CLIENT}/bills/${BILL}`,
    );
    cleanup();

    // Launched from billpay://bills/<guid>?client=<guid> (the download page's "Open this bill in the app").
    const linked = fakePhone(api.fetch, { access_token: ACCESS, refresh_token: REFRESH });
    linked.pushToken = null;
    linked.services.links.initial = async () => `billpay://bills/${BILL}?client=${CLIENT}`;
    render(<MobileApp services={linked.services} />);
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('sends nothing while offline and says so', async () => {
    const api = clientApi('client');
    const phone = await openBillSignedIn(api);
    phone.setOnline(false);
    expect(await screen.findByText(/You are offline\. What you see may be out of date/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(api.to('POST', '/v1/billing/clients/:c/bills/:b/workflow')).toEqual([]);
  });
});
