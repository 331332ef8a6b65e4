import { REJECT_REASON_LABELS, REJECT_REASON_VALUES } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { BulkOutcome, BulkProgress, BulkReason } from './useBulkRun.ts';

type RejectReason = (typeof REJECT_REASON_VALUES)[number];

const bills = (n: number) => `${n} bill${n === 1 ? '' : 's'}`;
const verbOf = {
  approve: 'Approving',
  reject: 'Rejecting',
  verbal: 'Recording verbal approval of',
  payment: 'Recording payment of',
} as const;
const progressTitleOf = {
  approve: 'Approving bills',
  reject: 'Rejecting bills',
  verbal: 'Recording verbal approvals',
  payment: 'Recording payments',
} as const;
const pastOf = {
  approve: 'approved',
  reject: 'rejected',
  verbal: 'recorded as approved by phone',
  payment: 'paid',
} as const;
const summaryTitleOf = {
  approve: 'Approval finished',
  reject: 'Rejection finished',
  verbal: 'Verbal approvals recorded',
  payment: 'Payments recorded',
} as const;

/** Staff record that the client approved the bills by phone; a second staff member confirms each. */
export function VerbalDialog({
  open,
  count,
  onConfirm,
  onClose,
}: {
  open: boolean;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Record verbal approval of {bills(count)}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Record that the client approved {count === 1 ? 'this bill' : 'these bills'} by phone. Each then
          waits in Verbal Approval until a second staff member confirms it.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          Record {bills(count)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ApproveDialog({
  open,
  count,
  drafts = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  count: number;
  /** Pre-bill drafts: approving submits them for approval. */
  drafts?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {drafts ? `Submit ${bills(count)} for approval?` : `Approve ${bills(count)}?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {drafts
            ? 'Each draft leaves the pre-bill inbox and waits on the first step of its approval.'
            : 'Each bill moves on to its next approval step, or to payment.'}{' '}
          Bills you may not act on stay where they are and are listed when the run ends.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          {drafts ? `Submit ${bills(count)}` : `Approve ${bills(count)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks why the bills are rejected (a reason, and a description for 'Other') before rejecting them. */
export function RejectDialog({
  open,
  count,
  onConfirm,
  onClose,
}: {
  open: boolean;
  count: number;
  onConfirm: (reason: BulkReason) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const reasonProblem = tried && reason === '' ? 'Choose a reason.' : null;
  const descriptionProblem =
    tried && reason === 'other' && description.trim() === '' ? 'Describe why the bills are rejected.' : null;

  const close = () => {
    setReason('');
    setDescription('');
    setTried(false);
    onClose();
  };
  const confirm = () => {
    setTried(true);
    if (reason === '' || (reason === 'other' && description.trim() === '')) return;
    onConfirm({
      reject_reason: reason,
      ...(reason === 'other' ? { reject_other_description: description.trim() } : {}),
    });
    setReason('');
    setDescription('');
    setTried(false);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Reject {bills(count)}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Rejected bills are not paid. The reason is recorded on every bill and shown to the client.
        </DialogContentText>
        <TextField
          id="bulk-reject-reason"
          select
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as RejectReason)}
          error={reasonProblem !== null}
          helperText={reasonProblem}
          fullWidth
          required
          margin="dense"
        >
          {REJECT_REASON_VALUES.map((value) => (
            <MenuItem key={value} value={value}>
              {REJECT_REASON_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        {reason === 'other' ? (
          <TextField
            id="bulk-reject-description"
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={descriptionProblem !== null}
            helperText={descriptionProblem ?? 'Up to 500 characters.'}
            fullWidth
            required
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color="error" onClick={confirm}>
          Reject {bills(count)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Approving 20 of 45…" with a determinate bar; it cannot be dismissed while the run goes on. */
export function ProgressDialog({ progress }: { progress: BulkProgress | null }) {
  const titleId = useId();
  const text = progress ? `${verbOf[progress.action]} ${progress.done} of ${progress.total}…` : '';
  const value = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Dialog open={progress !== null} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{progress ? progressTitleOf[progress.action] : ''}</DialogTitle>
      <DialogContent>
        <Typography role="status" aria-live="polite" sx={{ mb: 1.5 }}>
          {text}
        </Typography>
        <LinearProgress variant="determinate" value={value} aria-label={text} />
      </DialogContent>
    </Dialog>
  );
}

/** What the run did: how many bills moved, and why each of the others did not. */
export function SummaryDialog({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const titleId = useId();
  if (!outcome) return null;
  const past = pastOf[outcome.action];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{summaryTitleOf[outcome.action]}</DialogTitle>
      <DialogContent>
        <Alert
          severity={outcome.failures.length === 0 ? 'success' : outcome.succeeded === 0 ? 'error' : 'warning'}
        >
          {outcome.succeeded} of {bills(outcome.total)} {past}.
          {outcome.failures.length > 0 ? ` ${outcome.failures.length} could not be ${past}:` : ''}
        </Alert>
        {outcome.failures.length > 0 ? (
          <Box sx={{ maxHeight: 360, overflowY: 'auto', mt: 1 }}>
            <List dense aria-label="Bills not changed">
              {outcome.failures.map(({ bill, detail }) => (
                <ListItem key={bill.guid} divider>
                  <ListItemText
                    primary={`${bill.vendor.name}${bill.invoice_number ? ` · ${bill.invoice_number}` : ''} · ${formatMoney(
                      bill.amount,
                    )} (${bill.client.name})`}
                    secondary={detail}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
