import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  successMessage: string;
  /** Red button for destructive actions (delete, remove, archive). */
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before an action that cannot be undone from here; toasts its outcome. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  successMessage,
  destructive = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const toast = useToast();
  const titleId = useId();
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      toast.success(successMessage);
      onClose();
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  return (
    <Dialog open={open} onClose={() => !action.isPending && onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={action.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={action.isPending}
          onClick={() => action.mutate()}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
