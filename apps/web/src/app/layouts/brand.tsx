import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../../ui/page-title.tsx';
import { useBrandLogo } from '../theme/brand-context.ts';

/** The header's brand: the white label's main logo when it loads, else the app name. */
export function Brand({ to }: { to: string }) {
  const logo = useBrandLogo();
  // Remembers which logo failed, so a different logo (another client) gets its own chance.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showLogo = logo !== null && logo !== failedLogo;
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', mr: 3 }}
    >
      {showLogo ? (
        <Box
          component="img"
          src={logo}
          alt={APP_NAME}
          onError={() => setFailedLogo(logo)}
          sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
          {APP_NAME}
        </Typography>
      )}
    </Box>
  );
}
