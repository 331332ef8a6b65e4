import { notificationsRoutes } from '@bp/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { ContinueDownloadAppPage } from './ContinueDownloadAppPage.tsx';
import { DownloadAppPage } from './DownloadAppPage.tsx';

const APP_STORE = 'https://apps.apple.com/app/acme-billpay/id1234567890';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.acme.billpay';
const BILL = '0f8fad5b-d9cb-469f-a165-70867728950e';
const CLIENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The store listings as the server's configuration gives them (APP_STORE_URL, PLAY_STORE_URL). */
const configuredApi = () =>
  createFakeApi().reply('GET', notificationsRoutes.getVersionsConfigMobileApp.path, {
    app_store_url: APP_STORE,
    play_store_url: PLAY_STORE,
    app_scheme: 'billpay',
  });

describe.each([
  ['DownloadAppPage', <DownloadAppPage key="d" />, 'Get the BillPay app'],
  ['ContinueDownloadAppPage', <ContinueDownloadAppPage key="c" />, 'Continue in the BillPay app'],
])('%s', (_name, page, heading) => {
  it('links to the configured store listings, the app and support', async () => {
    renderPage(page, { api: configuredApi() });
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /App Store/ })).toHaveAttribute('href', APP_STORE);
    expect(screen.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', PLAY_STORE);
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', 'billpay://');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      /^mailto:support@billpay\.example/,
    );
  });

  it('opens the bill the phone was on in the app', async () => {
    renderPage(page, { api: configuredApi(), route: `/download-app?bill=${BILL}&client=${CLIENT}` });
    expect(await screen.findByRole('link', { name: 'Open this bill in the app' })).toHaveAttribute(
      'href',
      `billpay://bills/${BILL}?client=${CLIENT}`,
    );
  });
});
