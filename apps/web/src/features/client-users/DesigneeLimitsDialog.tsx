import type { ClientUser } from '@bp/contracts';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { fullNameOf } from './client-user-display.ts';
import { DesigneeLimitsForm } from './DesigneeLimitsForm.tsx';
import { useDesigneeLimits } from './useDesigneeLimits.ts';

interface DesigneeLimitsDialogProps {
  clientGuid: string;
  /** The designee whose limits are edited. */
  user: ClientUser;
  onClose: () => void;
}

/** A designee's permission limits: the largest amount, designated entities and vendors, excluded vendors. */
export function DesigneeLimitsDialog({ clientGuid, user, onClose }: DesigneeLimitsDialogProps) {
  const titleId = useId();
  const limits = useDesigneeLimits(clientGuid, user);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Limits of {fullNameOf(user)}</DialogTitle>
      {limits.status === 'ready' ? (
        <DesigneeLimitsForm
          clientGuid={clientGuid}
          user={user}
          entities={limits.entities}
          vendors={limits.vendors}
          initial={limits.initial}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          {limits.status === 'error' ? (
            <ErrorState message={apiErrorMessage(limits.error)} onRetry={limits.retry} />
          ) : (
            <LoadingState label="Loading limits…" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
