import type { Bill } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '../../../ui/index.ts';
import { RecordPaymentDialog } from '../shared/RecordPaymentDialog.tsx';
import type { BillAudience } from './api.ts';
import { useWorkflowAction } from './useWorkflowAction.ts';
import { ReasonDialog, RejectDialog } from './WorkflowDialogs.tsx';

/** True when the caller may take any workflow action on the bill. */
export function hasWorkflowActions(bill: Bill): boolean {
  const { approve, reject, revise, record_verbal_approval, record_payment, reverse_payment } = bill.can;
  return approve || reject || revise || record_verbal_approval || record_payment || reverse_payment;
}

/**
 * The buttons the caller may use now (from `bill.can`), each behind a dialog. Client users read
 * "Request changes" where staff read "Revise"; staff also get "Record payment", "Record verbal approval"
 * and "Reverse payment".
 */
export function WorkflowActions({
  clientGuid,
  bill,
  audience,
}: {
  clientGuid: string;
  bill: Bill;
  audience: BillAudience;
}) {
  const action = useWorkflowAction(clientGuid, bill);
  if (!hasWorkflowActions(bill)) return null;
  const staff = audience === 'staff';
  const reviseLabel = staff ? 'Revise' : 'Request changes';
  const busy = action.pending;
  const what = `${formatMoney(bill.amount)} to ${bill.vendor.name}`;
  const problem = action.problem ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {action.problem}
    </Alert>
  ) : null;

  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 3 }} role="group" aria-label="Bill actions">
        {bill.can.approve ? (
          <Button variant="contained" color="success" disabled={busy} onClick={() => action.start('approve')}>
            Approve
          </Button>
        ) : null}
        {staff && bill.can.record_payment ? (
          <Button variant="contained" color="success" disabled={busy} onClick={() => action.start('payment')}>
            Record payment
          </Button>
        ) : null}
        {staff && bill.can.record_verbal_approval ? (
          <Button variant="outlined" disabled={busy} onClick={() => action.start('verbal')}>
            Record verbal approval
          </Button>
        ) : null}
        {bill.can.revise ? (
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => action.start('revise')}>
            {reviseLabel}
          </Button>
        ) : null}
        {bill.can.reject ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => action.start('reject')}>
            Reject
          </Button>
        ) : null}
        {staff && bill.can.reverse_payment ? (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => action.start('reverse')}>
            Reverse payment
          </Button>
        ) : null}
      </Stack>

      <ConfirmDialog
        open={action.open === 'approve'}
        title="Approve this bill?"
        confirmLabel="Approve"
        pending={busy}
        onConfirm={() => action.submit()}
        onClose={action.close}
      >
        Approve {what}. The bill moves on to its next step.
        {problem}
      </ConfirmDialog>

      <ConfirmDialog
        open={action.open === 'verbal'}
        title="Record verbal approval?"
        confirmLabel="Record approval"
        pending={busy}
        onConfirm={() => action.submit()}
        onClose={action.close}
      >
        Record that the client approved {what} by phone. A second staff member confirms it before the bill
        moves on.
        {problem}
      </ConfirmDialog>

      <RecordPaymentDialog
        open={action.open === 'payment'}
        clientGuid={clientGuid}
        methods={[bill.payment_method]}
        count={1}
        total={bill.amount}
        pending={busy}
        problem={action.problem}
        onClose={action.close}
        onSubmit={(values) => action.submit(values)}
      />

      <RejectDialog
        open={action.open === 'reject'}
        pending={busy}
        problem={action.problem}
        onClose={action.close}
        onSubmit={(values) => action.submit(values)}
      />

      <ReasonDialog
        open={action.open === 'revise'}
        pending={busy}
        problem={action.problem}
        onClose={action.close}
        onSubmit={(values) => action.submit(values)}
        title={staff ? 'Revise bill' : 'Request changes'}
        description={
          staff
            ? 'The bill goes back for changes; after an edit its approvals start again.'
            : 'Tell your team what should change on this bill. It is not paid until it is corrected and approved again.'
        }
        label={staff ? 'Reason' : 'What should change?'}
        confirmLabel={reviseLabel}
      />

      <ReasonDialog
        open={action.open === 'reverse'}
        pending={busy}
        problem={action.problem}
        onClose={action.close}
        onSubmit={(values) => action.submit(values)}
        title="Reverse payment"
        description="The bill goes back from Paid to Payment Pending."
        label="Reason"
        confirmLabel="Reverse payment"
      />
    </>
  );
}
