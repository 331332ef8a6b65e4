import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';

export const APP_NAME = 'BillPay';

/** The single h1 of a page; it also names the browser tab. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} | ${APP_NAME}`;
  }, [children]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {children}
      </Typography>
      {actions}
    </Box>
  );
}
