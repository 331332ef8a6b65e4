import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChartBar, StackedBarChart } from './stacked-bar-chart.tsx';

afterEach(() => cleanup());

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const thousands = (cents: number) => `$${cents / 100_000}K`;
const series = [
  { key: 'utilities', label: 'Utilities', color: '#E0A100' },
  { key: 'property_tax', label: 'Property Tax', color: '#8E44AD' },
  // Variable-amount commitments are counted but have no amount: no bar, so no legend entry.
  { key: 'credit_card', label: 'Credit Card', color: '#2B388D' },
];
const bars: ChartBar[] = [
  { key: '2026-03', label: 'Mar 2026', values: { utilities: 12_500, property_tax: 0, credit_card: 0 } },
  { key: '2026-04', label: 'Apr 2026', values: { utilities: 12_500, property_tax: 250_000 } },
];

function renderChart(props: Partial<Parameters<typeof StackedBarChart>[0]> = {}) {
  render(
    <StackedBarChart
      title="Committed amounts"
      series={series}
      bars={bars}
      formatValue={dollars}
      formatTick={thousands}
      width={600}
      height={300}
      {...props}
    />,
  );
  return screen.getByRole('figure', { name: 'Committed amounts' });
}

const texts = (root: Element, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

describe('StackedBarChart', () => {
  it('shows values on the value axis and the months on the other', () => {
    const chart = renderChart();
    const values = texts(chart, '.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
    expect(values[0]).toBe('$0K');
    expect(values.length).toBeGreaterThan(2);
    expect(values.every((value) => /^\$\d+(\.\d+)?K$/.test(value ?? ''))).toBe(true);
    expect(texts(chart, '.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).toEqual([
      'Mar 2026',
      'Apr 2026',
    ]);
  });

  it('names in the legend only the series that have bars', () => {
    const chart = renderChart();
    const legend = within(chart).getByRole('list');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Utilities', 'Property Tax']);
    expect(chart.querySelectorAll('.MuiBarChart-series[data-series="credit_card"]')).toHaveLength(0);
  });

  it('says so when no series has a bar', () => {
    const chart = renderChart({
      bars: bars.map((bar) => ({ ...bar, values: {} })),
      emptyText: 'Nothing committed in these months.',
    });
    expect(within(chart).getByText('Nothing committed in these months.')).toBeInTheDocument();
    expect(within(chart).queryByRole('list')).not.toBeInTheDocument();
  });
});
