import { billWorkflowRoutes } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
  const remind = useFindataWrite(clientGuid, (api, entityGuid: string) =>
    api.call(billWorkflowRoutes.postNotificationsClientEntityAwaitingApproval, {
      params: { clientGuid, entityGuid },
      body: { recipients: [], is_urgent: false, is_funding_required: true },
    }),
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
                loading={remind.isPending}
                onClick={() =>
                  remind.mutate(a.entity_guid, {
                    onSuccess: (r) =>
                      toast.success(
                        r.queued === 0
                          ? 'No approver has bills waiting on them.'
                          : `Sent to ${r.queued} approver${r.queued === 1 ? '' : 's'}, marked funding required.`,
                      ),
                    onError: (error) => toast.error(apiErrorMessage(error)),
                  })
                }
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
    </Stack>
  );
}
