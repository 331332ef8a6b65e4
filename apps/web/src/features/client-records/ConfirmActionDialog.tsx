import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

export interface ConfirmActionDialogProps {
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

/** The shared ConfirmDialog running an API call on confirm: busy while it runs, toasts its outcome. */
export function ConfirmActionDialog({
  open,
  title,
  message,
  confirmLabel,
  successMessage,
  destructive = true,
  onConfirm,
  onClose,
}: ConfirmActionDialogProps) {
  const toast = useToast();
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      toast.success(successMessage);
      onClose();
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={action.isPending}
      onConfirm={() => action.mutate()}
      onClose={onClose}
    >
      {message}
    </ConfirmDialog>
  );
}
