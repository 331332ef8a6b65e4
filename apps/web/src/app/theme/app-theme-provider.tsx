import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSessionState } from '../../session/session-state-context.ts';
import { BrandLogoContext } from './brand-context.ts';
import { buildAppTheme } from './build-theme.ts';
import { mainLogoOf, whiteLabelFor } from './white-label.ts';

/** The MUI theme of the current screen: the base theme, or the selected client's white label. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { snapshot } = useSessionState();
  const { pathname } = useLocation();
  const whiteLabel = whiteLabelFor(snapshot.claims, snapshot.client, pathname);
  // Serialised so a refetched but identical white label does not rebuild the theme.
  const key = whiteLabel ? JSON.stringify(whiteLabel) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the white label's content.
  const theme = useMemo(() => buildAppTheme(whiteLabel), [key]);
  const logoSrc = mainLogoOf(whiteLabel);
  const brandName = snapshot.client?.client_referrer?.name ?? '';
  const logo = useMemo(() => (logoSrc ? { src: logoSrc, name: brandName } : null), [logoSrc, brandName]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrandLogoContext.Provider value={logo}>{children}</BrandLogoContext.Provider>
    </ThemeProvider>
  );
}
