import { Outlet } from 'react-router';
import { ToastProvider } from '../ui/toasts.tsx';
import { ModalHost } from './modal-host.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

/** The root route: theme (white label aware, so inside the router) and toasts around every page, and the modal host. */
export function AppShell() {
  return (
    <AppThemeProvider>
      <ToastProvider>
        <Outlet />
        <ModalHost />
      </ToastProvider>
    </AppThemeProvider>
  );
}
