import type { WhiteLabelOptions } from '@bp/contracts';
import { BREAKPOINTS, PRIMARY_COLOR } from '@bp/domain';
import { createTheme, darken, getContrastRatio, type Theme, type ThemeOptions } from '@mui/material/styles';
import { isUsableColour } from './white-label.ts';

const PALETTE_KEYS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

export const BASE_FONT_FAMILY = '"Inter", "Roboto", "Helvetica", "Arial", sans-serif';

/** WCAG 2 AA contrast for normal-size text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
const MUI_DEFAULTS = createTheme().palette;

/**
 * Palette colours are drawn as text on white (links, outlined buttons, chips) and under white text
 * (contained buttons, the header): a colour too light for either, such as MUI's own warning orange or
 * a referrer's pale brand colour, is darkened step by step until text in it reads.
 */
export function readableOnWhite(colour: string): string {
  let readable = colour;
  for (let step = 0; step < 10 && getContrastRatio(readable, '#fff') < MIN_TEXT_CONTRAST; step++) {
    readable = darken(readable, 0.1);
  }
  return readable;
}

/** The app theme: primary #2B388D and the SPEC.md §9 breakpoints, overridden by a white label's colours and font. */
export function buildAppTheme(whiteLabel: WhiteLabelOptions | null = null): Theme {
  const palette: NonNullable<ThemeOptions['palette']> = {};
  for (const key of PALETTE_KEYS) {
    const main = whiteLabel?.palette?.[key]?.main;
    const chosen = isUsableColour(main)
      ? main.trim()
      : key === 'primary'
        ? PRIMARY_COLOR
        : MUI_DEFAULTS[key].main;
    palette[key] = { main: readableOnWhite(chosen) };
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
      // MUI drops the content's top padding under a title, and its scroll box then cuts off the
      // floating label of a form's first row (the Edit bill dialog's Entity and Vendor).
      MuiDialogContent: { styleOverrides: { root: { '.MuiDialogTitle-root + &': { paddingTop: 8 } } } },
      // The help under a disabled field still says why it is disabled: it must stay readable.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
    },
  });
}
