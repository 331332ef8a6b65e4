import { formatDate, formatMoney } from '@bp/domain';
import { Alert, Stack } from '@mui/material';
import { useFunding } from './findata-hooks.ts';

/**
 * "Funding required" (decision 036): for each bill-paying account whose waiting bills exceed its balance
 * less the entity's minimum, how much to move and by when. Nothing shows when every account is covered.
 */
export function FundingNotice({ clientGuid }: { clientGuid: string }) {
  const funding = useFunding(clientGuid);
  const short = (funding.data?.results ?? []).filter((a) => a.funding.funding_required);
  if (short.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }} aria-label="Funding required">
      {short.map((a) => (
        <Alert key={a.guid} severity="warning" variant="outlined">
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
