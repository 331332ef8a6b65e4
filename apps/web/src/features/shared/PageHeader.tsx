import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The one h1 of a signed-in screen, with an optional line of explanation under it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
