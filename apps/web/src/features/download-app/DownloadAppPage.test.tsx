import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test-utils.tsx';
import { ContinueDownloadAppPage } from './ContinueDownloadAppPage.tsx';
import { DownloadAppPage } from './DownloadAppPage.tsx';
import { APP_STORE_URL, PLAY_STORE_URL } from './store-links.ts';

describe.each([
  ['DownloadAppPage', <DownloadAppPage key="d" />, 'Get the BillPay app'],
  ['ContinueDownloadAppPage', <ContinueDownloadAppPage key="c" />, 'Continue in the BillPay app'],
])('%s', (_name, page, heading) => {
  it('links to both stores and to support', () => {
    renderPage(page);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', APP_STORE_URL);
    expect(screen.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', PLAY_STORE_URL);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      /^mailto:support@billpay\.example/,
    );
  });
});
