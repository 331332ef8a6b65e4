import { billWorkflowRoutes, type FundingOverview } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useFindataWrite, useFunding } from './findata-hooks.ts';

/**
 * "Funding required" (decision 036): for each bill-paying account whose waiting bills exceed its balance
 * less the entity's minimum, how much to move and by when. Nothing shows when every account is covered.
 * Staff (`canRemind`) can send the entity's approvers the awaiting-approval notice marked funding required.
 */
export function FundingNotice({
  clientGuid,
  canRemind = false,
}: {
  clientGuid: string;
  canRemind?: boolean;
}) {
  const funding = useFunding(clientGuid);
  const toast = useToast();
  const [notifying, setNotifying] = useState<Account | null>(null);
  const [markFunding, setMarkFunding] = useState(true);
  const remind = useFindataWrite(clientGuid, (api, v: { entityGuid: string; isFundingRequired: boolean }) =>
    api.call(billWorkflowRoutes.postNotificationsClientEntityAwaitingApproval, {
      params: { clientGuid, entityGuid: v.entityGuid },
      body: { recipients: [], is_urgent: false, is_funding_required: v.isFundingRequired },
    }),
  );
  const send = (account: Account) =>
    remind.mutate(
      { entityGuid: account.entity_guid, isFundingRequired: markFunding },
      {
        onSuccess: (r) => {
          setNotifying(null);
          toast.success(
            r.queued === 0
              ? 'No approver has bills waiting on them.'
              : `Sent to ${r.queued} approver${r.queued === 1 ? '' : 's'}${markFunding ? ', marked funding required' : ''}.`,
          );
        },
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  const short = (funding.data?.results ?? []).filter((a) => a.funding.funding_required);
  if (short.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }} aria-label="Funding required">
      {short.map((a) => (
        <Alert
          key={a.guid}
          severity="warning"
          variant="outlined"
          action={
            canRemind ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setMarkFunding(a.funding.funding_required);
                  setNotifying(a);
                }}
              >
                Notify approvers
              </Button>
            ) : undefined
          }
        >
          <strong>Funding required</strong>: move {formatMoney(a.funding.amount_to_move)} into {a.name}
          {a.mask ? ` ····${a.mask}` : ''} ({a.entity_name})
          {a.funding.fund_by ? ` by ${formatDate(a.funding.fund_by)}` : ''} to pay the{' '}
          {a.funding.waiting_count} bill{a.funding.waiting_count === 1 ? '' : 's'} waiting (
          {formatMoney(a.funding.waiting_total)}, keeping the {formatMoney(a.funding.minimum_balance)}{' '}
          minimum).
        </Alert>
      ))}
      {notifying ? (
        <Dialog open onClose={() => setNotifying(null)} aria-labelledby="notify-approvers-title">
          <DialogTitle id="notify-approvers-title">Notify approvers</DialogTitle>
          <DialogContent>
            <DialogContentText>
              The awaiting-approval notice goes to {notifying.entity_name}'s approvers with bills waiting on
              them.
            </DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }} aria-label="Funding of the paying account">
              {notifying.name}
              {notifying.mask ? ` ····${notifying.mask}` : ''}:{' '}
              {notifying.funding.funding_required
                ? `funding required: move ${formatMoney(notifying.funding.amount_to_move)}${
                    notifying.funding.fund_by ? ` by ${formatDate(notifying.funding.fund_by)}` : ''
                  } (${formatMoney(notifying.funding.available)} available for ${formatMoney(
                    notifying.funding.waiting_total,
                  )} waiting).`
                : 'no funding required.'}
            </DialogContentText>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={markFunding} onChange={(e) => setMarkFunding(e.target.checked)} />}
              label="Mark the notice funding required"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNotifying(null)}>Cancel</Button>
            <Button variant="contained" loading={remind.isPending} onClick={() => send(notifying)}>
              Send notice
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}

type Account = FundingOverview['results'][number];
