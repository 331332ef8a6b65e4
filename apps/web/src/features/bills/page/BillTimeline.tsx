import { type BillEventItem, REJECT_REASON_LABELS } from '@bp/contracts';
import { BILL_EVENT_LABELS, BILL_STATUS_LABELS, formatDate, formatRelativeTime } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { personName } from './api.ts';
import { Section } from './Section.tsx';
import { usePagedAll } from './usePagedAll.ts';

/** The workflow actions as a reader names them. */
const ACTION_LABELS: Record<string, string> = {
  approve: 'Approve',
  record_payment: 'Record payment',
  record_verbal_approval: 'Record verbal approval',
  confirm_verbal_approval: 'Confirm verbal approval',
  reverse_payment: 'Reverse payment',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The facts an event carries in `data` that a reader wants: a reason, a file name, a changed amount... */
export function eventDetails(event: BillEventItem): string[] {
  const data = event.data;
  const details: string[] = [];
  const reason = text(data.reason) ?? text(data.revise_reason);
  if (reason) details.push(`Reason: ${reason}`);
  const rejectReason = text(data.reject_reason);
  if (rejectReason) {
    const label = REJECT_REASON_LABELS[rejectReason as keyof typeof REJECT_REASON_LABELS] ?? rejectReason;
    details.push(`Reject reason: ${label}`);
  }
  const other = text(data.reject_other_description);
  if (other) details.push(other);
  const file = text(data.file_name) ?? text(data.original_name) ?? text(data.name);
  if (file) details.push(`File: ${file}`);
  // A recorded payment: its date, the account it left from and the method's reference.
  const paymentDate = text(data.payment_date);
  if (paymentDate) details.push(`Payment date: ${formatDate(paymentDate)}`);
  const paidFrom = text(data.paid_from);
  if (paidFrom) details.push(`Paid from: ${paidFrom}`);
  const reference = text(data.reference);
  if (reference) details.push(`Reference: ${reference}`);
  const action = text(data.action);
  if (action && !reason && !rejectReason) details.push(`Action: ${ACTION_LABELS[action] ?? action}`);
  if (data.verbal === true) details.push('Verbal approval');
  return details;
}

function statusChange(event: BillEventItem): string | null {
  const { from_status: from, to_status: to } = event;
  if (!from && !to) return null;
  if (from && to && from !== to) return `${BILL_STATUS_LABELS[from]} → ${BILL_STATUS_LABELS[to]}`;
  const only = to ?? from;
  return only ? BILL_STATUS_LABELS[only] : null;
}

/** What happened to the bill, oldest first: event, who, when, status change and details. */
export function BillTimeline({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const events = usePagedAll('events', { clientGuid, billGuid });
  const now = Date.now();
  return (
    <Section title="History">
      {events.isPending ? (
        <LoadingState label="Loading history…" />
      ) : events.isError ? (
        <ErrorState message={apiErrorMessage(events.error)} onRetry={() => void events.refetch()} />
      ) : events.items.length === 0 ? (
        <EmptyState title="No history yet." />
      ) : (
        <>
          <Box component="ol" aria-label="History" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {events.items.map((event) => {
              const change = statusChange(event);
              return (
                <Box
                  component="li"
                  key={event.guid}
                  sx={{ borderLeft: 2, borderColor: 'divider', pl: 2, pb: 1.5, position: 'relative' }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{BILL_EVENT_LABELS[event.kind]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {personName(event.user)} ·{' '}
                    <time dateTime={event.created_on} title={formatDate(event.created_on)}>
                      {formatRelativeTime(event.created_on, now)}
                    </time>
                  </Typography>
                  {change ? <Typography variant="body2">{change}</Typography> : null}
                  {eventDetails(event).map((detail) => (
                    <Typography key={detail} variant="body2">
                      {detail}
                    </Typography>
                  ))}
                </Box>
              );
            })}
          </Box>
          {events.hasNextPage ? (
            <Button onClick={() => void events.fetchNextPage()} loading={events.isFetchingNextPage}>
              Show more history
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}
