import { TOAST_TIMEOUT_MS } from '@bp/domain';
import { type OptionsObject, SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useMemo } from 'react';

/** SPEC.md §9: toasts time out after 3000 ms, top-right. */
export const TOAST_DURATION_MS = TOAST_TIMEOUT_MS;
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
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
