import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Says what will appear in a place that has nothing yet (never placeholder data). */
export function EmptyState({
  title,
  children,
  icon,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 6,
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        borderStyle: 'dashed',
      }}
    >
      {icon ? <Box sx={{ color: 'text.secondary', mb: 1 }}>{icon}</Box> : null}
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
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
