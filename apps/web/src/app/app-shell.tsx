import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router';
import { ToastProvider } from '../ui/toasts.tsx';
import { ModalHost } from './modal-host.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

/** The root route: theme (white label aware, so inside the router) and toasts around every page, and the modal host. */
export function AppShell() {
  // Pages load lazily: a thin bar at the top while the next page's chunk (or data) arrives.
  const navigation = useNavigation();
  return (
    <AppThemeProvider>
      <ToastProvider>
        {navigation.state === 'loading' && (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
          />
        )}
        <Outlet />
        <ModalHost />
      </ToastProvider>
    </AppThemeProvider>
  );
}
