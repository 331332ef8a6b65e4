import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** Public pages bring their own frame and main landmark (the login page has its side image). */
export function BareLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Outlet />
    </Box>
  );
}
