import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface FormAlertsProps {
  /** Someone else saved first (409): the message, and a Reload where the form can fetch the latest. */
  conflict?: { message: string; onReload?: () => void; reloading?: boolean } | null;
  /** A message that belongs to no field (applyApiErrors' rest, or a failed call). */
  formError: string | null;
}

/** The alerts over a bill or commitment form: a conflict with the saved version, then the form's error. */
export function FormAlerts({ conflict, formError }: FormAlertsProps) {
  return (
    <>
      {conflict ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            conflict.onReload ? (
              <Button color="inherit" size="small" onClick={conflict.onReload} loading={conflict.reloading}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {conflict.message}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
    </>
  );
}
