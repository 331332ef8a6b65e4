import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { APP_NAME } from '../../ui/index.ts';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown beside the card from the md breakpoint up (the login page's side image). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame of every signed-out screen: product name, one card with an h1, optional side panel. */
export function AuthShell({ title, subtitle, aside, children }: AuthShellProps) {
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {aside ? (
        <Box sx={{ display: { xs: 'none', md: 'flex' }, flex: '1 1 50%', minWidth: 0 }}>{aside}</Box>
      ) : null}
      <Box
        sx={{
          flex: '1 1 50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: 6,
        }}
      >
        <Paper
          elevation={aside ? 0 : 2}
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 4 },
            bgcolor: aside ? 'transparent' : undefined,
          }}
        >
          <Typography
            variant="overline"
            component="p"
            color="primary"
            sx={{ fontWeight: 700, letterSpacing: 2 }}
          >
            {APP_NAME}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: subtitle ? 1 : 2 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
