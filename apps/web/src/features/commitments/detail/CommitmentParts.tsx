import type { Commitment, CommitmentInstance } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_FREQUENCY_LABELS,
  formatDate,
  formatMoney,
  PAYMENT_METHOD_LABELS,
} from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { Section } from '../../bills/page/Section.tsx';
import { BillStatusChip, billPagePath } from '../../bills/shared/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { NoteAddForm } from '../../shared/NoteAddForm.tsx';
import { NoteList } from '../../shared/NoteList.tsx';
import {
  commitmentNewBillPagePath,
  useCommitmentBills,
  useCommitmentNotes,
  useInvalidateCommitments,
  useTracker,
} from '../commitment-api.ts';
import { dateOrDash, expectedAmountText, InstanceStatusChip, scheduleText } from '../display.tsx';

/** The commitment's fields as a description list. */
export function CommitmentDetails({ commitment }: { commitment: Commitment }) {
  const rows: [string, string][] = [
    ['Client', commitment.client.name],
    ['Entity', commitment.entity.nickname],
    ['Vendor', commitment.vendor.name],
    ['Category', COMMITMENT_CATEGORY_LABELS[commitment.category]],
    ['Frequency', COMMITMENT_FREQUENCY_LABELS[commitment.frequency]],
    ['Schedule', scheduleText(commitment)],
    ['Expected amount', expectedAmountText(commitment)],
    ['Next due date', dateOrDash(commitment.next_due_date)],
    ['Start date', dateOrDash(commitment.start_date)],
    ['End date', commitment.end_date ? formatDate(commitment.end_date) : 'No end'],
    ['Payment method', PAYMENT_METHOD_LABELS[commitment.payment_method]],
    ['Account', commitment.account?.display_2_levels ?? '—'],
    ['Division', commitment.division?.name ?? '—'],
    ['Autopay', commitment.autopay ? "Yes: paid by the vendor's autopay" : 'No'],
    ['Memo', commitment.memo || '—'],
  ];
  return (
    <Section title="Details">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** Instances that can still get a bill from here: no bill yet and not skipped, paid or autopay. */
export function isBillable(instance: CommitmentInstance): boolean {
  return (
    instance.bill === null &&
    instance.status !== 'skipped' &&
    instance.status !== 'autopay' &&
    instance.status !== 'paid'
  );
}

function InstanceTable({
  label,
  instances,
  commitment,
  canCreateBills,
}: {
  label: string;
  instances: CommitmentInstance[];
  commitment: Commitment;
  canCreateBills: boolean;
}) {
  if (instances.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {label === 'Past payments' ? 'No payments were due yet.' : 'No payments are scheduled.'}
      </Typography>
    );
  }
  const columns: DataColumn<CommitmentInstance>[] = [
    {
      key: 'due',
      header: 'Due Date',
      render: (instance) => (
        <>
          {formatDate(instance.due_date)}
          {instance.due_date !== instance.scheduled_date ? (
            <Typography variant="caption" color="text.secondary" component="div">
              Scheduled {formatDate(instance.scheduled_date)}, moved to the previous business day
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'expected',
      header: 'Expected',
      align: 'right',
      cellSx: { fontVariantNumeric: 'tabular-nums' },
      render: (instance) =>
        instance.expected_amount === null ? 'Variable' : formatMoney(instance.expected_amount),
    },
    {
      key: 'status',
      header: 'Status',
      render: (instance) => <InstanceStatusChip status={instance.status} />,
    },
    {
      key: 'bill',
      header: 'Bill',
      render: (instance) =>
        instance.bill ? (
          <Link component={RouterLink} to={billPagePath(commitment.client.guid, instance.bill.guid)}>
            {formatMoney(instance.bill.amount)} bill
          </Link>
        ) : canCreateBills && isBillable(instance) ? (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={commitmentNewBillPagePath(commitment.client.guid, commitment.id, instance.guid)}
            aria-label={`Create bill due ${formatDate(instance.due_date)}`}
          >
            Create bill
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <DataTable
        label={label}
        columns={columns}
        rows={instances}
        rowKey={(instance) => instance.guid}
        outlined={false}
      />
    </Box>
  );
}

/** The tracker: the last payments due and the next ones, with their status and bill. */
export function CommitmentTrackerSection({ commitment }: { commitment: Commitment }) {
  const tracker = useTracker(commitment.client.guid, commitment.id);
  const canCreateBills = !commitment.archived && !commitment.autopay;
  return (
    <Section title="Tracker">
      {commitment.autopay ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Paid by the vendor's autopay: payments are tracked here, not paid by your team.
        </Alert>
      ) : null}
      {tracker.isPending ? (
        <LoadingState label="Loading the tracker…" />
      ) : tracker.isError ? (
        <ErrorState message={apiErrorMessage(tracker.error)} onRetry={() => void tracker.refetch()} />
      ) : (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Upcoming
          </Typography>
          <InstanceTable
            label="Upcoming payments"
            instances={tracker.data.upcoming}
            commitment={commitment}
            canCreateBills={canCreateBills}
          />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Past
          </Typography>
          <InstanceTable
            label="Past payments"
            instances={tracker.data.past}
            commitment={commitment}
            canCreateBills={canCreateBills}
          />
        </>
      )}
    </Section>
  );
}

/** The bills made from the commitment, newest due date first. */
export function CommitmentBillsSection({ commitment }: { commitment: Commitment }) {
  const [page, setPage] = useState(1);
  const bills = useCommitmentBills(commitment.client.guid, commitment.id, page);
  const columns: DataColumn<NonNullable<typeof bills.data>['results'][number]>[] = [
    {
      key: 'due',
      header: 'Due Date',
      render: (row) => (
        <Link component={RouterLink} to={billPagePath(row.client.guid, row.guid)}>
          {formatDate(row.due_date)}
        </Link>
      ),
    },
    { key: 'invoice', header: 'Invoice #', render: (row) => row.invoice_number ?? '—' },
    { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatMoney(row.amount) },
    { key: 'status', header: 'Status', render: (row) => <BillStatusChip status={row.status} /> },
    { key: 'paid', header: 'Paid Date', render: (row) => dateOrDash(row.paid_date) },
  ];
  return (
    <Section title="Bills">
      {bills.isPending ? (
        <LoadingState label="Loading bills…" />
      ) : bills.isError ? (
        <ErrorState message={apiErrorMessage(bills.error)} onRetry={() => void bills.refetch()} />
      ) : bills.data.results.length === 0 && page === 1 ? (
        <EmptyState title="No bills yet.">
          Bills created from this commitment's payments appear here.
        </EmptyState>
      ) : (
        <DataTable
          label="Commitment bills"
          columns={columns}
          rowKey={(row) => row.guid}
          rows={bills.data.results}
          paging={{
            count: bills.data.count,
            page: page - 1,
            pageSize: 10,
            onPageChange: (next) => setPage(next + 1),
          }}
          updating={bills.isFetching}
        />
      )}
    </Section>
  );
}

/** Staff's working notes on the commitment: list and add. */
export function CommitmentNotesSection({ commitment }: { commitment: Commitment }) {
  const { api } = useSession();
  const invalidate = useInvalidateCommitments();
  const notes = useCommitmentNotes(commitment.client.guid, commitment.id);
  const now = Date.now();
  const items = notes.data?.results ?? [];

  return (
    <Section title="Notes">
      {notes.isPending ? (
        <LoadingState label="Loading notes…" />
      ) : notes.isError ? (
        <ErrorState message={apiErrorMessage(notes.error)} onRetry={() => void notes.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No notes yet." />
      ) : (
        <NoteList notes={items} now={now} />
      )}
      <NoteAddForm
        add={(text) =>
          api.call(commitmentsRoutes.postBillingClientCommitmentNotes, {
            params: { clientGuid: commitment.client.guid, commitmentId: commitment.id },
            body: { body: text },
          })
        }
        onAdded={invalidate}
      />
    </Section>
  );
}
