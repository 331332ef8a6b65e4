import { pathOf } from '@bp/api-client';
import { billSearchRoutes } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_GUID } from '../client-records/fixtures.test-support.ts';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { ClientMetricsSection } from './ClientMetricsSection.tsx';
import { summaryMetrics } from './fixtures.test-support.ts';

describe('ClientMetricsSection', () => {
  it("shows the client's bills awaiting approval with a link to that list", async () => {
    const api = createFakeApi().reply(
      'GET',
      pathOf(billSearchRoutes.getBillingClientSummaryMetrics, { clientGuid: CLIENT_GUID }),
      summaryMetrics({ awaiting_approval: { count: 4, amount: 250_075 } }),
    );
    renderPage(<ClientMetricsSection clientGuid={CLIENT_GUID} />, { route: '/dashboard', api });
    const awaiting = await screen.findByRole('region', { name: 'Awaiting your approval' });
    expect(within(awaiting).getByText('4 bills')).toBeInTheDocument();
    expect(within(awaiting).getByText('$2,500.75')).toBeInTheDocument();
    expect(
      within(awaiting).getByRole('link', { name: 'Review bills awaiting approval' }).getAttribute('href'),
    ).toBe('/bills/all-entities/client-pre-bill');
    expect(screen.getByRole('region', { name: 'Overdue' })).toBeInTheDocument();
  });
});
