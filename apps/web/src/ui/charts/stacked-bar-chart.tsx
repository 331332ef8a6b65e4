import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartBar {
  key: string;
  /** Short label under the bar (e.g. 'Mar 25'). */
  label: string;
  /** Value per series key (cents); missing keys count as 0. */
  values: Record<string, number>;
}

export interface StackedBarChartProps {
  /** Names the chart for assistive technology; the numbers themselves are in the table beside it. */
  title: string;
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  /** How a value reads in the tooltip (e.g. formatMoney). */
  formatValue: (value: number) => string;
  /** How a value reads on the value axis, where space is short; defaults to formatValue. */
  formatTick?: (value: number) => string;
  height?: number;
  /** A fixed width (tests, print); by default the chart fills its container. */
  width?: number;
  /** Shown in place of the bars when no series has any. */
  emptyText?: string;
}

const barValue = (bar: ChartBar, key: string) => Math.max(0, bar.values[key] ?? 0);

/** The series that have a bar somewhere: only those are drawn and named in the legend. */
export function drawnSeries(series: readonly ChartSeries[], bars: readonly ChartBar[]): ChartSeries[] {
  return series.filter((s) => bars.some((bar) => barValue(bar, s.key) > 0));
}

/**
 * Vertical bars stacked by series, with labelled axes and a legend (MUI X Charts, DESIGN.md). The
 * same numbers are always shown in a table next to it, which is what screen readers and tests read.
 */
export function StackedBarChart({
  title,
  series,
  bars,
  formatValue,
  formatTick = formatValue,
  height = 300,
  width,
  emptyText = 'Nothing to show in these months.',
}: StackedBarChartProps) {
  const drawn = drawnSeries(series, bars);
  return (
    <Box role="figure" aria-label={title}>
      <BarChart
        height={height}
        {...(width !== undefined ? { width } : {})}
        xAxis={[{ id: 'months', scaleType: 'band', data: bars.map((bar) => bar.label) }]}
        yAxis={[
          {
            id: 'values',
            min: 0,
            width: 64,
            valueFormatter: (value: number, context: AxisValueFormatterContext) =>
              context.location === 'tick' ? formatTick(value) : formatValue(value),
          },
        ]}
        series={drawn.map((s) => ({
          id: s.key,
          label: s.label,
          color: s.color,
          stack: 'total',
          data: bars.map((bar) => barValue(bar, s.key)),
          valueFormatter: (value: number | null) => (value === null ? '' : formatValue(value)),
        }))}
        grid={{ horizontal: true }}
        localeText={{ noData: emptyText }}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
      />
    </Box>
  );
}
