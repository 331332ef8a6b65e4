import type { ClientSummary } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, page, scriptedApi } from '../../session/fake-api.test-support.ts';
import { PATHS } from '../../session/session-store.ts';
import { client, profile } from '../../session/test-fixtures.ts';
import { renderApp, storageWithTokens, tokensFor } from '../render-app.test-support.tsx';

const TEAL = '#0F766E';
const referred: ClientSummary = client({
  client_referrer: {
    name: 'Summit Wealth Advisors',
    white_label_enabled: true,
    news_enabled: false,
    explore_services_enabled: false,
    options: {
      palette: { primary: { main: TEAL } },
      logos: [{ label: 'main_logo', value: '/summit-logo.svg' }],
    },
  },
});

function signedInClient(server = scriptedApi().on('GET', PATHS.clients, () => page([referred]))) {
  server.on('GET', PATHS.me, () => profile());
  return { server, storage: storageWithTokens(tokensFor({ type: 'client' })) };
}

describe('header brand', () => {
  it("names the referrer's brand in the white-label logo's alt text", async () => {
    renderApp('/dashboard', signedInClient());
    const banner = await screen.findByRole('banner');
    const logo = await within(banner).findByRole('img', { name: 'Summit Wealth Advisors' });
    expect(logo).toHaveAttribute('src', '/summit-logo.svg');
    expect(within(banner).queryByText('BillPay')).not.toBeInTheDocument();
  });

  it('puts the logo on a white plate, not on the header painted in the same brand colour', async () => {
    renderApp('/dashboard', signedInClient());
    const banner = await screen.findByRole('banner');
    const logo = await within(banner).findByRole('img', { name: 'Summit Wealth Advisors' });
    const plate = logo.parentElement as HTMLElement;
    // MUI paints the AppBar through a custom property.
    expect(getComputedStyle(banner).getPropertyValue('--AppBar-background').toUpperCase()).toBe(TEAL);
    expect(getComputedStyle(plate).backgroundColor).toBe('rgb(255, 255, 255)');
  });
});

describe('header while the terms wait to be accepted', () => {
  function termsClient() {
    const server = scriptedApi().on('GET', PATHS.clients, () => {
      throw apiError(403, { detail: 'Accept the terms.', code: 'must_accept_terms' });
    });
    return signedInClient(server);
  }

  it('shows no navigation, and a brand link that stays on the terms', async () => {
    const app = renderApp('/dashboard', termsClient());
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(app.location()).toBe('/terms-conditions');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation')).not.toBeInTheDocument();
    const links = within(banner).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/terms-conditions']);
  });

  it('offers only Logout in the user menu', async () => {
    renderApp('/terms-conditions', termsClient());
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    await userEvent.click(screen.getByRole('button', { name: /open user menu/i }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Logout']);
  });
});
