import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderPage, setupUser, testProfile } from '../../test-utils.tsx';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog.tsx';

const PAIR = { access: 'new-access', refresh: 'new-refresh' };

function open(api = createFakeApi(), required = false) {
  const tokens = { refresh: vi.fn(() => 'old-refresh'), store: vi.fn() };
  const onClose = vi.fn();
  const page = renderPage(
    <TwoFactorSetupDialog open required={required} tokens={tokens} onClose={onClose} />,
    { route: '/profile', api, session: { profile: testProfile() } },
  );
  return { ...page, tokens, onClose };
}

describe('TwoFactorSetupDialog', () => {
  it('keeps Next disabled until a method is chosen, then sets up text messages with consent', async () => {
    const api = createFakeApi()
      .reply('POST', '/v1/auth/mfa/sms_twilio/activate', { detail: 'sent', method: 'sms_twilio' })
      .reply('POST', '/v1/auth/mfa/sms_twilio/activate/confirm', PAIR);
    const { tokens, onClose, session } = open(api);
    const user = setupUser();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    await user.click(screen.getByLabelText('Text'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(screen.getByLabelText(/Phone number/), '5551234567');
    // The consent to text messages is required.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/mfa/sms_twilio/activate')[0]?.body).toEqual({
      value: '(555) 123-4567',
    });

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Verification code'), '12a3 456');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Successfully verified the phone number and added 2FA'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/mfa/sms_twilio/activate/confirm')[0]?.body).toEqual({
      code: '123456',
      refresh: 'old-refresh',
    });
    expect(tokens.store).toHaveBeenCalledWith(PAIR);
    expect(session.refreshProfile).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('turns an already active method into a primary switch: code/request, change-primary-method, "MFA method updated."', async () => {
    const api = createFakeApi()
      .fail('POST', '/v1/auth/mfa/email/activate', 400, {
        detail: 'MFA method already active.',
        code: 'mfa_method_already_active',
      })
      .reply('POST', '/v1/auth/mfa/code/request', { detail: 'sent' })
      .reply('POST', '/v1/auth/mfa/change-primary-method', { detail: 'MFA method updated.' });
    open(api);
    const user = setupUser();
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('MFA method updated.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/mfa/code/request')[0]?.body).toEqual({
      method: 'email',
      action: 'change_primary',
    });
    expect(api.callsTo('POST', '/v1/auth/mfa/change-primary-method')[0]?.body).toEqual({
      method: 'email',
      code: '654321',
    });
  });

  it('shows a refused code with a red border and an "Error occurred." toast; resend reads "Resending..."', async () => {
    let release: () => void = () => {};
    let sends = 0;
    const api = createFakeApi()
      .reply('POST', '/v1/auth/mfa/email/activate', () => {
        sends += 1;
        if (sends === 1) return { detail: 'sent', method: 'email' };
        return new Promise((resolve) => {
          release = () => resolve({ detail: 'sent', method: 'email' });
        });
      })
      .fail('POST', '/v1/auth/mfa/email/activate/confirm', 400, { code: ['The code is not correct.'] });
    open(api, true);
    const user = setupUser();
    // Required: no way out but setting it up.
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByLabelText('Verification code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByText('Error occurred.');
    expect(
      within(toast.parentElement as HTMLElement).getByText('The code is not correct.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const busy = await screen.findByRole('button', { name: 'Resending...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });
});
