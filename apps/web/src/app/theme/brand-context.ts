import { createContext, useContext } from 'react';

/** The logo shown in headers: a white label's main_logo, else null (the app name is shown). */
export const BrandLogoContext = createContext<string | null>(null);

export function useBrandLogo(): string | null {
  return useContext(BrandLogoContext);
}
