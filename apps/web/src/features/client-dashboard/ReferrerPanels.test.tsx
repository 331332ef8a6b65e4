import type { ClientReferrer } from '@bp/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReferrerPanels } from './ReferrerPanels.tsx';

function referrer(overrides: Partial<ClientReferrer> = {}): ClientReferrer {
  return {
    name: 'Summit Wealth Advisors',
    white_label_enabled: true,
    news_enabled: true,
    explore_services_enabled: true,
    options: {
      news: [
        { title: 'Older news', published_on: '2026-09-15' },
        {
          title: 'Year-end tax planning',
          summary: 'What to gather.',
          url: 'https://summit.example/tax',
          published_on: '2026-11-02',
        },
      ],
      services: [
        { name: 'Estate planning review', description: 'A yearly review.', url: 'https://summit.example/e' },
      ],
    },
    ...overrides,
  };
}

describe('ReferrerPanels', () => {
  afterEach(cleanup);

  it('shows the news newest first and the services, linking out in a new tab', () => {
    render(<ReferrerPanels referrer={referrer()} />);
    const news = screen.getByRole('region', { name: 'News from Summit Wealth Advisors' });
    const titles = within(news)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(titles[0]).toMatch(/^Year-end tax planning/);
    expect(titles[1]).toMatch(/^Older news/);
    expect(within(news).getByText(/11\/02\/2026 · What to gather\./)).toBeInTheDocument();
    const link = within(news).getByRole('link', { name: /Year-end tax planning/ });
    expect(link).toHaveAttribute('href', 'https://summit.example/tax');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const services = screen.getByRole('region', { name: 'Explore services' });
    expect(within(services).getByRole('link', { name: /Estate planning review/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(services).getByText('A yearly review.')).toBeInTheDocument();
  });

  it('hides a panel whose flag is off or that has no items, and shows nothing without a referrer', () => {
    const { rerender, container } = render(<ReferrerPanels referrer={referrer({ news_enabled: false })} />);
    expect(screen.queryByRole('region', { name: /News from/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Explore services' })).toBeInTheDocument();

    rerender(<ReferrerPanels referrer={referrer({ options: { news: [], services: [] } })} />);
    expect(container).toBeEmptyDOMElement();

    rerender(
      <ReferrerPanels referrer={referrer({ explore_services_enabled: false, options: { services: [] } })} />,
    );
    expect(container).toBeEmptyDOMElement();

    rerender(<ReferrerPanels referrer={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
