import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A polite, labelled spinner; `fullPage` centres it in the viewport for the app's first load. */
export function LoadingState({
  label = 'Loading…',
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 6,
        minHeight: fullPage ? '100vh' : undefined,
      }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
