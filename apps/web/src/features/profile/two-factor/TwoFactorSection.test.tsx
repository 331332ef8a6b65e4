import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser, testProfile } from '../../test-utils.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const METHODS = [
  { method: 'email', value_masked: 'a•••@example.com', is_primary: true },
  { method: 'sms_twilio', value_masked: '•••-•••-4567', is_primary: false },
];

describe('TwoFactorSection', () => {
  it('lists the methods with the primary one, switches the primary with a code', async () => {
    const api = createFakeApi()
      .reply('GET', '/v1/auth/mfa/methods', METHODS)
      .reply('POST', '/v1/auth/mfa/code/request', { detail: 'sent' })
      .reply('POST', '/v1/auth/mfa/change-primary-method', { detail: 'MFA method updated.' });
    const { session } = renderPage(<TwoFactorSection />, {
      route: '/profile',
      api,
      session: { profile: testProfile({ mfa_enabled: true }) },
    });
    const user = setupUser();
    expect(await screen.findByText('•••-•••-4567')).toBeInTheDocument();
    expect(screen.getByText('Primary')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make primary' }));
    expect(api.callsTo('POST', '/v1/auth/mfa/code/request')[0]?.body).toEqual({
      method: 'sms_twilio',
      action: 'change_primary',
    });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('MFA method updated.')).toBeInTheDocument();
    expect(session.refreshProfile).toHaveBeenCalled();
  });

  it('removes a method after a confirmation and a code', async () => {
    const api = createFakeApi()
      .reply('GET', '/v1/auth/mfa/methods', METHODS)
      .reply('POST', '/v1/auth/mfa/code/request', { detail: 'sent' })
      .reply('POST', '/v1/auth/mfa/deactivate', { detail: 'removed' });
    renderPage(<TwoFactorSection />, { route: '/profile', api, session: { profile: testProfile() } });
    const user = setupUser();
    await screen.findByText('•••-•••-4567');
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[1] as HTMLElement);
    expect(api.callsTo('POST', '/v1/auth/mfa/code/request')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Text two-factor was removed.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/mfa/deactivate')[0]?.body).toEqual({
      method: 'sms_twilio',
      code: '123456',
    });
  });
});
