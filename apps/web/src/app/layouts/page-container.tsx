import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** The main landmark under a header. */
export function PageContainer({
  children,
  maxWidth = 'xl',
}: {
  children: ReactNode;
  maxWidth?: 'md' | 'lg' | 'xl';
}) {
  return (
    <Box component="main" sx={{ py: { xs: 2, md: 4 } }}>
      <Container maxWidth={maxWidth}>{children}</Container>
    </Box>
  );
}
