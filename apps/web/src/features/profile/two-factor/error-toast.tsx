import Box from '@mui/material/Box';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { errorMessageOf } from '../../../ui/error-message.ts';

export const ERROR_TOAST_TITLE = 'Error occurred.';

/** SPEC.md §8: a two-factor failure is an error toast headed 'Error occurred.' with the extracted message. */
export function useErrorToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (error: unknown) =>
      enqueueSnackbar(
        <Box>
          <Box component="strong" sx={{ display: 'block' }}>
            {ERROR_TOAST_TITLE}
          </Box>
          <Box component="span">{errorMessageOf(error)}</Box>
        </Box>,
        { variant: 'error' },
      ),
    [enqueueSnackbar],
  );
}
