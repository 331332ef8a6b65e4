import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Form fields side by side from the sm breakpoint, stacked below it. A grid, not a Stack: Stack's
 * spacing resets its children's margins, and the fields' own top margin keeps rows apart.
 */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 2,
      }}
    >
      {children}
    </Box>
  );
}
