import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { TermsConditionsPage } from './TermsConditionsPage.tsx';

const ACCEPT = '/v1/auth/users/me/accept-terms';

describe('TermsConditionsPage', () => {
  it('accepts only after the box is ticked, renews the claims, then goes to the dashboard', async () => {
    const api = createFakeApi().reply('POST', ACCEPT, { detail: 'ok' });
    const renewClaims = vi.fn(async () => {
      // The claims must be renewed after the API recorded the acceptance.
      expect(api.callsTo('POST', ACCEPT)).toHaveLength(1);
    });
    renderPage(<TermsConditionsPage />, { route: '/terms-conditions', api, session: { renewClaims } });

    expect(screen.getByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4. Data and privacy' })).toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toHaveProperty('disabled', true);

    const user = setupUser();
    await user.click(screen.getByLabelText('I have read and accept the terms'));
    expect(accept).toHaveProperty('disabled', false);
    await user.click(accept);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(renewClaims).toHaveBeenCalledTimes(1);
  });

  it('stays and shows the error when the API refuses', async () => {
    const api = createFakeApi().fail('POST', ACCEPT, 403, {
      detail: 'Only client users accept terms.',
      code: 'x',
    });
    const { session } = renderPage(<TermsConditionsPage />, { route: '/terms-conditions', api });
    const user = setupUser();
    await user.click(screen.getByLabelText('I have read and accept the terms'));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Only client users accept terms.')).toBeInTheDocument();
    expect(session.renewClaims).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
