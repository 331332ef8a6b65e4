import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  /** While the request runs the dialog neither closes nor takes a second submit. */
  pending: boolean;
  /** The server's refusal, shown above the buttons. */
  problem: string | null;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  titleId: string;
  title: string;
  /** A line of explanation under the title. */
  description: ReactNode;
  confirmLabel: string;
  confirmColor?: 'error' | 'success';
  children: ReactNode;
}

/**
 * The frame of the workflow's form dialogs (reject, revise, record payment): a form with a title, a line
 * of explanation, its fields, the server's problem, Cancel and the confirming button.
 */
export function FormDialog({
  open,
  pending,
  problem,
  onClose,
  onSubmit,
  titleId,
  title,
  description,
  confirmLabel,
  confirmColor,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{description}</DialogContentText>
          {children}
          {problem ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} loading={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
