import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One line under the page title saying what the page is for. */
export function PageIntro({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
      {children}
    </Typography>
  );
}
