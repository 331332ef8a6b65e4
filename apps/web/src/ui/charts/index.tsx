import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { StackedBarChartProps } from './stacked-bar-chart.tsx';

export { compactMoneyTick } from './money-ticks.ts';
export type { ChartBar, ChartSeries, StackedBarChartProps } from './stacked-bar-chart.tsx';

// MUI X Charts is about 95 KB gzipped: loaded when a chart first shows, so the pages that hold a chart
// (and those that merely import one) stay inside their bundle budget (apps/web/scripts/check-bundle.mjs).
const LoadedStackedBarChart = lazy(() =>
  import('./stacked-bar-chart.tsx').then((module) => ({ default: module.StackedBarChart })),
);

/** StackedBarChart, loaded on first use; a placeholder of the same height holds its place meanwhile. */
export function StackedBarChart(props: StackedBarChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 300} />}>
      <LoadedStackedBarChart {...props} />
    </Suspense>
  );
}
