import type { WhiteLabelOptions } from '@bp/contracts';
import { BREAKPOINTS, PRIMARY_COLOR } from '@bp/domain';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { isUsableColour } from './white-label.ts';

const PALETTE_KEYS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

export const BASE_FONT_FAMILY = '"Inter", "Roboto", "Helvetica", "Arial", sans-serif';

/** The app theme: primary #2B388D and the SPEC.md §9 breakpoints, overridden by a white label's colours and font. */
export function buildAppTheme(whiteLabel: WhiteLabelOptions | null = null): Theme {
  const palette: NonNullable<ThemeOptions['palette']> = { primary: { main: PRIMARY_COLOR } };
  for (const key of PALETTE_KEYS) {
    const main = whiteLabel?.palette?.[key]?.main;
    if (isUsableColour(main)) palette[key] = { main: main.trim() };
  }
  const fontFamily = whiteLabel?.typography?.fontFamily?.trim() || BASE_FONT_FAMILY;
  return createTheme({
    palette,
    typography: { fontFamily },
    breakpoints: { values: { ...BREAKPOINTS } },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}
