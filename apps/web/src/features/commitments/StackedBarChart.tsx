import { Box, Stack, Typography, useTheme } from '@mui/material';
import { useId } from 'react';

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
  /** How a bar's total reads in its tooltip (e.g. formatMoney). */
  formatValue: (value: number) => string;
  height?: number;
}

const PLOT_TOP = 12;
const AXIS_HEIGHT = 28;
const LEFT = 8;

/**
 * Vertical bars stacked by series, drawn as inline SVG (no chart library is installed). The SVG is
 * one labelled image whose bars carry <title> tooltips; the same numbers are always shown in a table
 * next to it, which is what screen readers and tests read.
 */
export function StackedBarChart({ title, series, bars, formatValue, height = 220 }: StackedBarChartProps) {
  const theme = useTheme();
  const titleId = useId();
  const totals = bars.map((bar) => series.reduce((sum, s) => sum + Math.max(0, bar.values[s.key] ?? 0), 0));
  const largest = Math.max(...totals, 1);
  const slot = 56;
  const width = LEFT * 2 + slot * Math.max(bars.length, 1);
  const plotHeight = height - PLOT_TOP - AXIS_HEIGHT;
  const barWidth = slot * 0.6;

  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          style={{ minWidth: Math.min(width, 640), maxHeight: height, display: 'block' }}
          preserveAspectRatio="none"
        >
          <title id={titleId}>{title}</title>
          <line
            x1={LEFT}
            x2={width - LEFT}
            y1={PLOT_TOP + plotHeight}
            y2={PLOT_TOP + plotHeight}
            stroke={theme.palette.divider}
          />
          {bars.map((bar, index) => {
            const x = LEFT + index * slot + (slot - barWidth) / 2;
            let y = PLOT_TOP + plotHeight;
            return (
              <g key={bar.key}>
                <title>{`${bar.label}: ${formatValue(totals[index] ?? 0)}`}</title>
                {series.map((s) => {
                  const value = Math.max(0, bar.values[s.key] ?? 0);
                  if (value === 0) return null;
                  const h = Math.max(1, (value / largest) * plotHeight);
                  y -= h;
                  return <rect key={s.key} x={x} y={y} width={barWidth} height={h} fill={s.color} rx={2} />;
                })}
                <text
                  x={x + barWidth / 2}
                  y={PLOT_TOP + plotHeight + 18}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {bar.label}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Stack
        component="ul"
        direction="row"
        aria-label={`${title} legend`}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {series.map((s) => (
          <Box component="li" key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color, flexShrink: 0 }}
            />
            <Typography variant="body2">{s.label}</Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
