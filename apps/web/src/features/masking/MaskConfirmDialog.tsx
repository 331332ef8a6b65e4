import type { MaskUser } from '@bp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { fullName } from './mask-user-labels.ts';

interface MaskConfirmDialogProps {
  open: boolean;
  /** Kept after closing so the title does not go blank during the exit transition. */
  user: MaskUser | null;
  onClose: () => void;
}

export function MaskConfirmDialog({ open, user, onClose }: MaskConfirmDialogProps) {
  const session = useSession();
  const toast = useToast();
  const mask = useMutation({
    // The session stores the original tokens and navigates to the target's home.
    mutationFn: (guid: string) => session.mask(guid),
    onError: (error) => {
      toast.error(apiErrorMessage(error));
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={open && user !== null}
      title={`Mask as ${user ? fullName(user) : ''}?`}
      confirmLabel="Mask"
      pending={mask.isPending}
      onConfirm={() => user && mask.mutate(user.guid)}
      onClose={onClose}
    >
      You will see the app exactly as {user?.email} does, and what you do is recorded as done by you while
      masked. Use Unmask in the user menu to return to your own account.
    </ConfirmDialog>
  );
}
