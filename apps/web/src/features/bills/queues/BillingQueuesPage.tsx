import type { BillQueueItem } from '@bp/contracts';
import { DEFAULT_PAGE_SIZE } from '@bp/contracts';
import {
  BILLING_QUEUE_LABELS,
  BILLING_QUEUE_VALUES,
  type BillingQueue,
  billingQueuePath,
  shortenNumber,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle, useToast } from '../../../ui/index.ts';
import { useOrgClientChoices } from '../../clients/useOrgClient.ts';
import { InboxEmailList } from '../../inbox/InboxEmailList.tsx';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { ClientEntityFilters } from '../../shared/ClientEntityFilters.tsx';
import { cursorForPage, keysetPaging } from '../../shared/cursor-paging.ts';
import { useEntityChoices } from '../../shared/form/useBookChoices.ts';
import { NewBillButton } from '../form/NewBillButton.tsx';
import { useBillList, useInvalidateBills, useQueueCounts } from '../shared/bill-api.ts';
import { type PaymentValues, RecordPaymentDialog } from '../shared/RecordPaymentDialog.tsx';
import { AchExportDialog } from './AchExportDialog.tsx';
import { BillQueueTable } from './BillQueueTable.tsx';
import { BulkBar, bulkChoices } from './BulkBar.tsx';
import { ApproveDialog, ProgressDialog, RejectDialog, SummaryDialog, VerbalDialog } from './BulkDialogs.tsx';
import {
  BULK_QUEUES,
  QUEUE_EMPTY_TEXT,
  type QueueParams,
  queueFilters,
  queueListParams,
  queueSearch,
  readQueueParams,
} from './queue-params.ts';
import { type BulkAction, type BulkOutcome, type BulkReason, useBulkRun } from './useBulkRun.ts';

/** What a finished run says it did. */
const PAST: Record<BulkAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  verbal: 'recorded as approved by phone',
  payment: 'paid',
};

/** A queue tab's count: "1,000+" past the API's cap (the count is then a lower bound). */
function QueueCountChip({ count, capped, current }: { count: number; capped: boolean; current: boolean }) {
  return (
    <Chip
      size="small"
      label={capped ? `${count.toLocaleString('en-US')}+` : shortenNumber(count)}
      color={current ? 'primary' : 'default'}
      aria-label={capped ? `more than ${count.toLocaleString('en-US')} bills` : `${count} bills`}
    />
  );
}

/** /billing/{queue}: the organisation's billing queues. */
export function BillingQueuesPage({ queue }: { queue: BillingQueue }) {
  const { organization } = useSession();
  if (!organization) {
    return (
      <Box>
        <PageTitle>{BILLING_QUEUE_LABELS[queue]}</PageTitle>
        <EmptyState title="No organization selected.">Choose an organization to see its bills.</EmptyState>
      </Box>
    );
  }
  return <QueueScreen orgGuid={organization.guid} queue={queue} />;
}

function QueueScreen({ orgGuid, queue }: { orgGuid: string; queue: BillingQueue }) {
  const toast = useToast();
  const invalidateBills = useInvalidateBills();
  const [search, setSearch] = useSearchParams();
  const params = readQueueParams(search);
  const filters = queueFilters(params);

  // The route's loader (app/route-prefetch.ts) starts the same two reads as soon as the url is known.
  const counts = useQueueCounts(orgGuid, filters);
  const clients = useOrgClientChoices(orgGuid);
  const entities = useEntityChoices(filters.client ?? '');
  const list = useBillList({ organizationGuid: orgGuid }, queueListParams(queue, params));

  // Selection lives across pages of one queue and filter; another filter starts afresh.
  const selectionScope = `${queue}|${params.client}|${params.entity}`;
  const [selection, setSelection] = useState<{ scope: string; bills: Map<string, BillQueueItem> }>({
    scope: selectionScope,
    bills: new Map(),
  });
  const selected = selection.scope === selectionScope ? selection.bills : new Map<string, BillQueueItem>();
  const updateSelection = (change: (bills: Map<string, BillQueueItem>) => void) => {
    const next = new Map(selected);
    change(next);
    setSelection({ scope: selectionScope, bills: next });
  };
  const selectedGuids = useMemo(() => new Set(selected.keys()), [selected]);
  const selectedBills = [...selected.values()];
  const choices = bulkChoices(selectedBills);
  const selectedTotal = selectedBills.reduce((sum, bill) => sum + bill.amount, 0);

  const [dialog, setDialog] = useState<BulkAction | null>(null);
  // NACHA files are per client (the money leaves one client's account): offered once a client is chosen.
  const achClient = queue === 'payment-pending' ? filters.client : undefined;
  const [achOpen, setAchOpen] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const bulk = useBulkRun(orgGuid);
  const canBulk = BULK_QUEUES.includes(queue);
  // Approving a draft submits it: the first step of its approval plan starts.
  const drafts = queue === 'pre-bill-inbox';

  // Any change but a step to the next or previous page starts without a cursor.
  const go = (next: Partial<QueueParams>) =>
    setSearch(new URLSearchParams(queueSearch({ ...params, cursor: undefined, ...next })));

  async function runBulk(action: BulkAction, reason?: BulkReason, payment?: PaymentValues) {
    setDialog(null);
    const bills = [...selected.values()];
    const result = await bulk.run(action, bills, reason, payment);
    const past = PAST[action];
    if (result.failures.length === 0) {
      toast.success(`${result.succeeded} bill${result.succeeded === 1 ? '' : 's'} ${past}.`);
    } else if (result.succeeded === 0) {
      toast.error(`No bills were ${past}.`);
    } else {
      toast.warning(
        `${result.succeeded} of ${result.total} bills ${past}; ${result.failures.length} failed.`,
      );
    }
    // Keep the ones that failed selected, so they can be looked at or tried again.
    setSelection({
      scope: selectionScope,
      bills: new Map(
        result.failures.flatMap((failure) => {
          const bill = selected.get(failure.bill.guid);
          return bill ? [[bill.guid, bill] as const] : [];
        }),
      ),
    });
    setOutcome(result);
    await invalidateBills();
  }

  const label = BILLING_QUEUE_LABELS[queue];
  const rows = list.data?.results ?? [];
  const filtered = filters.client !== undefined;

  return (
    <Box>
      <PageTitle actions={<NewBillButton clientGuid={filters.client} />}>{label}</PageTitle>

      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={queue}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Billing queues"
          allowScrollButtonsMobile
        >
          {BILLING_QUEUE_VALUES.map((value) => {
            const count = counts.data?.[value];
            return (
              <Tab
                key={value}
                value={value}
                component={RouterLink}
                to={`${billingQueuePath(value)}${queueSearch({ ...params, page: 1, cursor: undefined })}`}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{BILLING_QUEUE_LABELS[value]}</span>
                    {count !== undefined ? (
                      <QueueCountChip
                        count={count}
                        capped={counts.data?.capped?.includes(value) ?? false}
                        current={value === queue}
                      />
                    ) : null}
                  </Stack>
                }
              />
            );
          })}
        </Tabs>
      </Paper>
      {counts.isError ? (
        <Typography color="error" variant="body2" sx={{ mb: 1 }}>
          The queue counts could not be loaded. {apiErrorMessage(counts.error)}
        </Typography>
      ) : null}

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ClientEntityFilters
          idPrefix="billing"
          minWidth={260}
          client={params.client}
          entity={params.entity}
          clients={clients}
          entities={entities}
          clientsProblem={
            clients.isError ? `The clients could not be loaded. ${apiErrorMessage(clients.error)}` : undefined
          }
          onChange={(change) => go({ ...change, page: 1 })}
        />
        {achClient ? (
          <Box sx={{ alignSelf: 'center' }}>
            <Button variant="outlined" onClick={() => setAchOpen(true)}>
              Export ACH payments
            </Button>
          </Box>
        ) : null}
      </Stack>

      {drafts ? (
        // The pre-bill inbox is the clients' e-mails to convert, then the drafts entered by hand (issue 13).
        <Box component="section" aria-labelledby="pre-bill-emails" sx={{ mb: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
            <Typography id="pre-bill-emails" variant="h6" component="h2">
              E-mails
            </Typography>
            <Button component={RouterLink} to={`/clients/${params.client}/archived-pre-bills`} size="small">
              Archived pre-bills
            </Button>
          </Stack>
          <InboxEmailList organizationGuid={orgGuid} clientGuid={filters.client} archived={false} />
          <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
            Draft bills
          </Typography>
        </Box>
      ) : null}

      {canBulk && selected.size > 0 ? (
        <BulkBar
          count={selected.size}
          choices={choices}
          drafts={drafts}
          onClear={() => updateSelection((bills) => bills.clear())}
          onChoose={setDialog}
        />
      ) : null}

      {list.isPending ? (
        <LoadingState label={`Loading the ${label} queue…`} />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && params.page === 1 ? (
        filtered ? (
          <EmptyState title={`No bills in ${label} for this filter.`}>
            Choose all clients or another entity to see more.
          </EmptyState>
        ) : (
          <EmptyState title={`No bills in ${label}.`}>{QUEUE_EMPTY_TEXT[queue]}</EmptyState>
        )
      ) : (
        <BillQueueTable
          label={`${label} bills`}
          rows={rows}
          paging={keysetPaging(list.data, params.page, DEFAULT_PAGE_SIZE, (next) =>
            go({ page: next + 1, cursor: cursorForPage(list.data, params.page, next + 1) }),
          )}
          ordering={params.ordering}
          onOrderingChange={(ordering) => go({ ordering, page: 1 })}
          updating={list.isFetching && !list.isPending}
          selection={
            canBulk
              ? {
                  selected: selectedGuids,
                  onToggle: (row) =>
                    updateSelection((bills) => {
                      if (bills.has(row.guid)) bills.delete(row.guid);
                      else bills.set(row.guid, row);
                    }),
                  onTogglePage: (pageRows, select) =>
                    updateSelection((bills) => {
                      for (const row of pageRows) {
                        if (select) bills.set(row.guid, row);
                        else bills.delete(row.guid);
                      }
                    }),
                }
              : undefined
          }
        />
      )}

      <ApproveDialog
        drafts={drafts}
        open={dialog === 'approve'}
        count={selected.size}
        onConfirm={() => void runBulk('approve')}
        onClose={() => setDialog(null)}
      />
      <RejectDialog
        open={dialog === 'reject'}
        count={selected.size}
        onConfirm={(reason) => void runBulk('reject', reason)}
        onClose={() => setDialog(null)}
      />
      <VerbalDialog
        open={dialog === 'verbal'}
        count={selected.size}
        onConfirm={() => void runBulk('verbal')}
        onClose={() => setDialog(null)}
      />
      <RecordPaymentDialog
        open={dialog === 'payment'}
        clientGuid={selectedBills[0]?.client.guid ?? ''}
        methods={selectedBills.map((bill) => bill.payment_method)}
        count={selected.size}
        total={selectedTotal}
        onSubmit={(values) => void runBulk('payment', undefined, values)}
        onClose={() => setDialog(null)}
      />
      {achClient ? (
        <AchExportDialog
          open={achOpen}
          clientGuid={achClient}
          onClose={() => setAchOpen(false)}
          onRecorded={() => void invalidateBills()}
        />
      ) : null}
      <ProgressDialog progress={bulk.progress} />
      <SummaryDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Box>
  );
}
