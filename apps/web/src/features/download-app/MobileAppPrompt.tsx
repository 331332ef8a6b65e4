import AppleIcon from '@mui/icons-material/Apple';
import ShopIcon from '@mui/icons-material/Shop';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { APP_NAME } from '../../ui/index.ts';
import { mailtoHref, SUPPORT_EMAIL } from '../support/constants.ts';
import { useAppLink, useStoreLinks } from './store-links.ts';

interface MobileAppPromptProps {
  title: string;
  children: string;
}

/** Mobile browsers are sent here (SPEC.md §1): the app, not the website, is the phone experience. */
export function MobileAppPrompt({ title, children }: MobileAppPromptProps) {
  const stores = useStoreLinks();
  const appLink = useAppLink();
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: '20px',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <SmartphoneIcon sx={{ fontSize: 40 }} />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          {children}
        </Typography>
        <Stack spacing={1.5}>
          <Button href={appLink.href} variant="contained" size="large" startIcon={<SmartphoneIcon />}>
            {appLink.bill ? 'Open this bill in the app' : 'Open the app'}
          </Button>
          <StoreButton href={stores?.appStore} icon={<AppleIcon />}>
            Download on the App Store
          </StoreButton>
          <StoreButton href={stores?.playStore} icon={<ShopIcon />}>
            Get it on Google Play
          </StoreButton>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Having trouble?{' '}
          <Link href={mailtoHref(SUPPORT_EMAIL, `${APP_NAME} mobile app`)}>Contact support</Link>
        </Typography>
      </Paper>
    </Box>
  );
}

/** A store listing's button; disabled until the server said where the listing is. */
function StoreButton({
  href,
  icon,
  children,
}: {
  href: string | undefined;
  icon: ReactNode;
  children: string;
}) {
  if (!href) {
    return (
      <Button disabled variant="outlined" size="large" startIcon={icon}>
        {children}
      </Button>
    );
  }
  return (
    <Button
      href={href}
      variant="outlined"
      size="large"
      startIcon={icon}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </Button>
  );
}
