import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown instead of a blank screen when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" href="/login">
            Start again
          </Button>
        }
      >
        Something went wrong on this page.{detail ? ` (${detail})` : ''}
      </Alert>
    </Box>
  );
}
