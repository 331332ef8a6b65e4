import type { ClientSummary, WhiteLabelOptions } from '@bp/contracts';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { claims, client } from '../../session/test-fixtures.ts';
import { buildAppTheme, MIN_TEXT_CONTRAST } from './build-theme.ts';
import { mainLogoOf, whiteLabelFor } from './white-label.ts';

const options: WhiteLabelOptions = {
  palette: { primary: { main: '#0F7B6C' }, secondary: { main: 'rgb(200, 10, 10)' } },
  typography: { fontFamily: 'Georgia, serif' },
  logos: [
    { label: 'favicon', value: 'https://cdn.example/fav.png' },
    { label: 'main_logo', value: 'https://cdn.example/logo.png' },
  ],
};
const referred = (enabled: boolean): ClientSummary =>
  client({
    client_referrer: {
      name: 'Summit Wealth Advisors',
      white_label_enabled: enabled,
      news_enabled: false,
      explore_services_enabled: false,
      options,
    },
  });

describe('buildAppTheme', () => {
  it('uses primary #2B388D and the SPEC breakpoints', () => {
    const theme = buildAppTheme();
    expect(theme.palette.primary.main).toBe('#2B388D');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 576, md: 768, lg: 1100, xl: 1381 });
  });

  it('takes the white label colours and font', () => {
    const theme = buildAppTheme(options);
    expect(theme.palette.primary.main).toBe('#0F7B6C');
    expect(theme.palette.secondary.main).toBe('rgb(200, 10, 10)');
    expect(theme.typography.fontFamily).toBe('Georgia, serif');
    expect(theme.breakpoints.values.lg).toBe(1100);
  });

  it('gives every palette colour AA contrast as text on white (MUI warning and info are too light)', () => {
    for (const theme of [buildAppTheme(), buildAppTheme(options)]) {
      for (const key of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
        expect(getContrastRatio(theme.palette[key].main, '#fff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
  });

  it("darkens a referrer's pale brand colour until text in it reads, and keeps a dark one as it is", () => {
    const pale = buildAppTheme({ palette: { primary: { main: '#7DD3FC' } } });
    expect(getContrastRatio(pale.palette.primary.main, '#fff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(pale.palette.primary.main).not.toBe('#7DD3FC');
    expect(buildAppTheme({ palette: { primary: { main: '#0F766E' } } }).palette.primary.main).toBe('#0F766E');
  });

  it('ignores colours MUI could not parse', () => {
    const theme = buildAppTheme({ palette: { primary: { main: 'teal-ish' } } });
    expect(theme.palette.primary.main).toBe('#2B388D');
  });
});

describe('whiteLabelFor', () => {
  it('applies an enabled white label on client screens', () => {
    expect(whiteLabelFor(claims(), referred(true), '/dashboard')).toBe(options);
    expect(whiteLabelFor(claims(), referred(true), '/family-admin-dashboard')).toBe(options);
  });

  it('never on the wealth advisor dashboard', () => {
    expect(whiteLabelFor(claims(), referred(true), '/wealth-advisor-dashboard')).toBeNull();
  });

  it('not when disabled, without a referrer, or for organisation users', () => {
    expect(whiteLabelFor(claims(), referred(false), '/dashboard')).toBeNull();
    expect(whiteLabelFor(claims(), client(), '/dashboard')).toBeNull();
    expect(whiteLabelFor(claims({ type: 'bporg' }), referred(true), '/clients')).toBeNull();
    expect(whiteLabelFor(null, referred(true), '/login')).toBeNull();
  });

  it('finds the logo labelled main_logo', () => {
    expect(mainLogoOf(options)).toBe('https://cdn.example/logo.png');
    expect(mainLogoOf({ logos: [{ label: 'favicon', value: 'x' }] })).toBeNull();
    expect(mainLogoOf(null)).toBeNull();
  });
});
