import { createContext, useContext } from 'react';

/** A white label's main logo and the brand it shows (the client's referrer), which is its alt text. */
export interface BrandLogo {
  src: string;
  name: string;
}

/** The logo shown in headers: a white label's main_logo, else null (the app name is shown). */
export const BrandLogoContext = createContext<BrandLogo | null>(null);

export function useBrandLogo(): BrandLogo | null {
  return useContext(BrandLogoContext);
}
