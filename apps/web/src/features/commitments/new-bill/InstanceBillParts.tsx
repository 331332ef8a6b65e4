import type { Bill, CommitmentBillTemplate } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { billPagePath } from '../../bills/shared/index.ts';
import { commitmentPagePath } from '../commitment-api.ts';
import { expectedAmountText, InstanceStatusChip } from '../display.tsx';
import { AUTO_APPROVED_TEXT, isAutoApproved, SENT_FOR_APPROVAL_TEXT } from './instance-bill-values.ts';

/** The payment being billed: vendor, client and entity, due date, expected amount and status. */
export function InstanceSummary({ template }: { template: CommitmentBillTemplate }) {
  const { commitment, instance } = template;
  return (
    <Paper variant="outlined" component="section" aria-label="Payment" sx={{ p: 2, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {commitment.vendor.name}
          </Typography>
          <Typography color="text.secondary">
            {commitment.client.name} · {commitment.entity.nickname}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Due date
          </Typography>
          <Typography>{formatDate(instance.due_date)}</Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Expected amount
          </Typography>
          <Typography>
            {instance.expected_amount === null
              ? expectedAmountText(commitment)
              : formatMoney(instance.expected_amount)}
          </Typography>
        </Box>
        <InstanceStatusChip status={instance.status} />
      </Stack>
    </Paper>
  );
}

/** After Create bill: whether it was auto-approved or sent for approval, and where to go next. */
export function CreatedBill({ bill, template }: { bill: Bill; template: CommitmentBillTemplate }) {
  const auto = isAutoApproved(bill);
  const { commitment } = template;
  return (
    <>
      <InstanceSummary template={template} />
      <Alert
        severity={auto ? 'success' : 'info'}
        role="status"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" component={RouterLink} to={billPagePath(bill.client.guid, bill.guid)}>
              Open bill
            </Button>
            <Button
              color="inherit"
              component={RouterLink}
              to={commitmentPagePath(commitment.client.guid, commitment.id)}
            >
              Back to commitment
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{auto ? AUTO_APPROVED_TEXT : SENT_FOR_APPROVAL_TEXT}</AlertTitle>
        {auto
          ? `The ${formatMoney(bill.amount)} bill is close enough to the expected amount that the client's approval is not needed.`
          : `The ${formatMoney(bill.amount)} bill follows the usual approval steps.`}
      </Alert>
    </>
  );
}
