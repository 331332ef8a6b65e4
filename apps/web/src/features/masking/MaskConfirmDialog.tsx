import type { MaskUser } from '@bp/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
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
    <Dialog
      open={open && user !== null}
      onClose={() => !mask.isPending && onClose()}
      aria-labelledby="mask-dialog-title"
    >
      <DialogTitle id="mask-dialog-title">Mask as {user ? fullName(user) : ''}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You will see the app exactly as {user?.email} does, and what you do is recorded as done by you while
          masked. Use Unmask in the user menu to return to your own account.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mask.isPending}>
          Cancel
        </Button>
        <Button variant="contained" loading={mask.isPending} onClick={() => user && mask.mutate(user.guid)}>
          Mask
        </Button>
      </DialogActions>
    </Dialog>
  );
}
