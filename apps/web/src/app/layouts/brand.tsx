import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '../../ui/page-title.tsx';
import { useBrandLogo } from '../theme/brand-context.ts';

/**
 * The header's brand: the white label's main logo when it loads, else the app name.
 * The header is painted in the white label's primary colour, and a referrer's logo is usually drawn in
 * that same colour, so the logo sits on a white plate (the background logos are made for) rather than
 * straight on the header, where it would vanish.
 */
export function Brand({ to }: { to: string }) {
  const logo = useBrandLogo();
  // Remembers which logo failed, so a different logo (another client) gets its own chance.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showLogo = logo !== null && logo.src !== failedLogo;
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', mr: 3 }}
    >
      {showLogo ? (
        <Box
          data-testid="brand-logo-plate"
          sx={{ display: 'flex', bgcolor: 'common.white', borderRadius: 1, px: 1, py: 0.5 }}
        >
          <Box
            component="img"
            src={logo.src}
            // The logo shows the referrer's brand, not the platform's.
            alt={logo.name || APP_NAME}
            onError={() => setFailedLogo(logo.src)}
            sx={{ height: 32, maxWidth: 160, objectFit: 'contain', display: 'block' }}
          />
        </Box>
      ) : (
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
          {APP_NAME}
        </Typography>
      )}
    </Box>
  );
}
