import { TOAST_TIMEOUT_MS } from '@bp/domain';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, type OptionsObject, SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useMemo } from 'react';

/** SPEC.md §9: toasts time out after 3000 ms, top-right. */
export const TOAST_DURATION_MS = TOAST_TIMEOUT_MS;
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;

/**
 * notistack's own colours put white text on #43a047 (success), #ff9800 (warning) and #2196f3 (info), all
 * under WCAG AA's 4.5:1 (axe's colour-contrast rule failed on every success toast). These darker shades
 * of the same hues carry white text at 5:1 or more.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a84300' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      Components={TOAST_COMPONENTS}
      maxSnack={4}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={TOAST_ANCHOR}
      preventDuplicate
    >
      {children}
    </SnackbarProvider>
  );
}

export interface Toasts {
  success(message: string, options?: OptionsObject): void;
  error(message: string, options?: OptionsObject): void;
  warning(message: string, options?: OptionsObject): void;
  info(message: string, options?: OptionsObject): void;
}

/** notistack's enqueueSnackbar with the variant in the name. */
export function useToast(): Toasts {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message, options) => enqueueSnackbar(message, { ...options, variant: 'success' }),
      error: (message, options) => enqueueSnackbar(message, { ...options, variant: 'error' }),
      warning: (message, options) => enqueueSnackbar(message, { ...options, variant: 'warning' }),
      info: (message, options) => enqueueSnackbar(message, { ...options, variant: 'info' }),
    }),
    [enqueueSnackbar],
  );
}
