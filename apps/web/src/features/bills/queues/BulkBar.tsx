import type { BillQueueItem } from '@bp/contracts';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';

/** Which bulk actions the selection allows this user. */
export interface BulkChoices {
  approve: boolean;
  reject: boolean;
  verbal: boolean;
  payment: boolean;
  /** Some action is allowed on some selected bills but not on all of them. */
  partial: boolean;
  /** A payment is possible on every bill, but they belong to several clients (accounts are per client). */
  paymentNeedsOneClient: boolean;
}

const KEYS = ['approve', 'reject', 'record_verbal_approval', 'record_payment'] as const;

/**
 * An action is offered only when every selected bill allows it for this user (the API's `can` per bill,
 * decided by the same rules as the calls). Offering it for "at least one" would make the run refuse the
 * others ("0 of 3 approved"); with "every", a run fails only for a bill that changed meanwhile. A bulk
 * payment also needs one client: its account paid from is one of that client's accounts.
 */
export function bulkChoices(bills: readonly BillQueueItem[]): BulkChoices {
  const every = (key: (typeof KEYS)[number]) => bills.length > 0 && bills.every((b) => b.can[key]);
  const some = (key: (typeof KEYS)[number]) => bills.some((b) => b.can[key]);
  const oneClient = new Set(bills.map((b) => b.client.guid)).size === 1;
  const paymentEverywhere = every('record_payment');
  return {
    approve: every('approve'),
    reject: every('reject'),
    verbal: every('record_verbal_approval'),
    payment: paymentEverywhere && oneClient,
    partial: KEYS.some((key) => some(key) && !every(key)),
    paymentNeedsOneClient: paymentEverywhere && !oneClient,
  };
}

export type BulkChoice = 'approve' | 'reject' | 'verbal' | 'payment';

/** The bar above a queue with a selection: how many, Clear, and the actions every selected bill allows. */
export function BulkBar({
  count,
  choices,
  drafts,
  onClear,
  onChoose,
}: {
  count: number;
  choices: BulkChoices;
  /** Pre-bill drafts: approving submits them for approval. */
  drafts: boolean;
  onClear: () => void;
  onChoose: (choice: BulkChoice) => void;
}) {
  const none = !choices.approve && !choices.reject && !choices.verbal && !choices.payment;
  const hint = choices.paymentNeedsOneClient
    ? 'Record payment works on the bills of one client: filter by client.'
    : none
      ? 'You cannot act on all of the selected bills together.'
      : choices.partial
        ? 'Only the actions every selected bill allows are offered.'
        : null;
  return (
    <Paper variant="outlined" sx={{ mb: 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap' }} role="toolbar" aria-label="Bulk actions">
        <Typography sx={{ flexGrow: 1 }} role="status">
          {count} selected
          {hint ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {hint}
            </Typography>
          ) : null}
        </Typography>
        <Button onClick={onClear}>Clear selection</Button>
        {choices.reject ? (
          <Button variant="outlined" color="error" onClick={() => onChoose('reject')}>
            Reject
          </Button>
        ) : null}
        {choices.verbal ? (
          <Button variant="outlined" onClick={() => onChoose('verbal')}>
            Record verbal approval
          </Button>
        ) : null}
        {choices.payment ? (
          <Button variant="contained" color="success" onClick={() => onChoose('payment')}>
            Record payment
          </Button>
        ) : null}
        {choices.approve ? (
          <Button variant="contained" onClick={() => onChoose('approve')}>
            {drafts ? 'Submit for approval' : 'Approve'}
          </Button>
        ) : null}
      </Toolbar>
    </Paper>
  );
}
