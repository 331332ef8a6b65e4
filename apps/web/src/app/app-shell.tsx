import { Outlet } from 'react-router';
import { ToastProvider } from '../ui/toasts.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

/** The root route: theme (white label aware, so inside the router) and toasts around every page. */
export function AppShell() {
  return (
    <AppThemeProvider>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </AppThemeProvider>
  );
}
