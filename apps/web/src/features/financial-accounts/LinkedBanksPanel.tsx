import { bankFeedsRoutes, type FeedAccount, type FeedItem } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  QueryStates,
  useToast,
} from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import {
  PENDING_LINK_KEY,
  useBankFeeds,
  useBankLines,
  useClientEntities,
  useFindataWrite,
  useFirstSyncJob,
} from './findata-hooks.ts';

const ITEM_STATUS = {
  active: { label: 'Connected', color: 'success' },
  login_required: { label: 'Sign-in needed', color: 'warning' },
  disconnected: { label: 'Disconnected', color: 'default' },
} as const;

const returnUrl = () => `${window.location.origin}${window.location.pathname}?bank_link=done`;

/**
 * Linked banks (decision 036): a bank is linked through the aggregator's hosted page (Plaid Link in
 * production, the stand-in's consent page in tests): we remember the link token, the browser goes there,
 * comes back with ?bank_link=done, and the link is completed here. Balances, lines and statements follow.
 */
export function LinkedBanksPanel({
  clientGuid,
  canLink,
  canChoosePayer = false,
}: {
  clientGuid: string;
  canLink: boolean;
  /** Staff: make another account the one the entity's bills are paid from. */
  canChoosePayer?: boolean;
}) {
  const feeds = useBankFeeds(clientGuid);
  const toast = useToast();
  const [open, setOpen] = useState<FeedAccount | null>(null);
  const [entityGuid, setEntityGuid] = useState('');
  const [disconnect, setDisconnect] = useState<FeedItem | null>(null);
  const entities = useClientEntities(clientGuid);
  const start = useFindataWrite(clientGuid, (api, v: { entityGuid?: string; itemGuid?: string }) =>
    v.itemGuid
      ? api.call(bankFeedsRoutes.postDataPipelineRepair, {
          params: { clientGuid, itemGuid: v.itemGuid },
          body: { redirect_uri: returnUrl() },
        })
      : api.call(bankFeedsRoutes.postDataPipelineSetup, {
          params: { clientGuid, entityGuid: v.entityGuid ?? '' },
          body: { redirect_uri: returnUrl() },
        }),
  );
  const complete = useFindataWrite(clientGuid, (api, linkToken: string) =>
    api.call(bankFeedsRoutes.postDataPipelineComplete, {
      params: { clientGuid },
      body: { link_token: linkToken },
    }),
  );
  const sync = useFindataWrite(clientGuid, (api, _: null) =>
    api.call(bankFeedsRoutes.postAggregatorSync, { params: { clientGuid } }),
  );
  const payFrom = useFindataWrite(clientGuid, (api, feedAccountGuid: string) =>
    api.call(bankFeedsRoutes.patchAggregatorAccount, {
      params: { clientGuid, feedAccountGuid },
      body: { pays_bills: true },
    }),
  );
  const remove = useFindataWrite(clientGuid, (api, guid: string) =>
    api.call(bankFeedsRoutes.deleteDataPipeline, { params: { clientGuid, entityGuid: guid } }),
  );

  // Back from the hosted page: complete the link it started, once. Not before the panel's first read has
  // answered: the completion's invalidation joins a first read still in flight (TanStack Query cancels
  // and repeats only a read that already has data), which answered before the link was committed and
  // left the panel on "No bank linked yet.".
  const completing = useRef(false);
  const firstReadDone = !feeds.isPending;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const pending = sessionStorage.getItem(PENDING_LINK_KEY);
    if (!firstReadDone || params.get('bank_link') !== 'done' || !pending || completing.current) return;
    completing.current = true;
    sessionStorage.removeItem(PENDING_LINK_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    complete.mutate(pending, {
      onSuccess: () => toast.success('Your bank is linked.'),
      onError: (error) => toast.error(apiErrorMessage(error)),
    });
  }, [complete, toast, firstReadDone]);

  const go = (v: { entityGuid?: string; itemGuid?: string }) =>
    start.mutate(v, {
      onSuccess: (setup) => {
        sessionStorage.setItem(PENDING_LINK_KEY, setup.link_token);
        window.location.assign(setup.hosted_link_url);
      },
      onError: (error) => toast.error(apiErrorMessage(error)),
    });

  const entityOptions = entities.data?.results ?? [];
  const chosen = entityGuid || entityOptions[0]?.guid || '';

  return (
    <Box component="section" aria-labelledby="linked-banks" sx={{ mb: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1.5, alignItems: { sm: 'center' } }}
      >
        <Typography id="linked-banks" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Linked banks
        </Typography>
        {canLink && feeds.data?.configured ? (
          <>
            {entityOptions.length > 1 ? (
              <TextField
                select
                size="small"
                label="Entity"
                value={chosen}
                onChange={(e) => setEntityGuid(e.target.value)}
                sx={{ minWidth: 200 }}
              >
                {entityOptions.map((e) => (
                  <MenuItem key={e.guid} value={e.guid}>
                    {e.nickname}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Button
              variant="contained"
              disabled={!chosen}
              loading={start.isPending}
              onClick={() => go({ entityGuid: chosen })}
            >
              Link a bank
            </Button>
            <Button
              loading={sync.isPending}
              disabled={(feeds.data?.items ?? []).every((i) => i.status === 'disconnected')}
              onClick={() =>
                sync.mutate(null, {
                  onSuccess: (r) =>
                    toast.success(`Synced: ${r.results.reduce((n, x) => n + x.added, 0)} new transactions.`),
                  onError: (error) => toast.error(apiErrorMessage(error)),
                })
              }
            >
              Sync now
            </Button>
          </>
        ) : null}
      </Stack>
      {complete.isPending ? <Alert severity="info">Finishing the bank link…</Alert> : null}
      <QueryStates
        query={feeds}
        loadingLabel="Loading linked banks…"
        errorMessage={apiErrorMessage}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState title="No bank linked yet.">
            {feeds.data?.configured
              ? 'Link a bank to see its balances, transactions and statements here.'
              : 'Bank feeds are not set up on this server.'}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            {data.items.flatMap((item) =>
              item.first_sync_job_id
                ? [<FirstSyncNotice key={`sync-${item.guid}`} item={item} jobId={item.first_sync_job_id} />]
                : [],
            )}
            {data.items
              .filter((i) => i.status === 'login_required')
              .map((item) => (
                <Alert
                  key={item.guid}
                  severity="warning"
                  sx={{ mb: 1.5 }}
                  action={
                    canLink ? (
                      <Button color="inherit" size="small" onClick={() => go({ itemGuid: item.guid })}>
                        Sign in again
                      </Button>
                    ) : undefined
                  }
                >
                  {item.institution_name ?? 'A bank'} ({item.entity_name}): {item.error_message}
                </Alert>
              ))}
            <DataTable<FeedItem>
              label="Bank links"
              rows={data.items}
              rowKey={(i) => i.guid}
              columns={itemColumns}
              actions={
                canLink
                  ? (i) =>
                      i.status === 'disconnected' ? null : (
                        <Button size="small" color="error" onClick={() => setDisconnect(i)}>
                          Disconnect
                        </Button>
                      )
                  : undefined
              }
            />
            <Box sx={{ mt: 2 }}>
              <DataTable<FeedAccount>
                label="Linked bank accounts"
                rows={data.accounts}
                rowKey={(a) => a.guid}
                columns={accountColumns(setOpen)}
                actions={
                  canChoosePayer
                    ? (a) =>
                        a.pays_bills || a.type !== 'depository' ? null : (
                          <Button
                            size="small"
                            aria-label={`Pay ${a.entity_name}'s bills from ${a.name}`}
                            onClick={() =>
                              payFrom.mutate(a.guid, {
                                onSuccess: () =>
                                  toast.success(`${a.entity_name}'s bills are paid from ${a.name}.`),
                                onError: (error) => toast.error(apiErrorMessage(error)),
                              })
                            }
                          >
                            Pay bills from here
                          </Button>
                        )
                    : undefined
                }
                empty="No accounts."
              />
            </Box>
          </>
        )}
      </QueryStates>
      <TransactionsDialog clientGuid={clientGuid} account={open} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={disconnect !== null}
        title="Disconnect this bank?"
        confirmLabel="Disconnect"
        destructive
        pending={remove.isPending}
        onClose={() => setDisconnect(null)}
        onConfirm={() =>
          disconnect &&
          remove.mutate(disconnect.entity_guid, {
            onSuccess: () => {
              toast.success('The bank is disconnected.');
              setDisconnect(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error)),
          })
        }
      >
        New transactions and statements of {disconnect?.entity_name}'s banks stop coming. What was already
        received stays.
      </ConfirmDialog>
    </Box>
  );
}

/** A new link's history coming in (the first-sync job), with its progress when the reader may see it. */
function FirstSyncNotice({ item, jobId }: { item: FeedItem; jobId: string }) {
  const job = useFirstSyncJob(jobId);
  const progress = job.data?.progress;
  const bank = item.institution_name ?? 'the bank';
  return (
    <Alert severity="info" sx={{ mb: 1.5 }} aria-label={`Bringing in ${bank}'s transactions`}>
      {job.data?.state === 'failed'
        ? `Bringing in ${bank}'s transactions failed: ${job.data.error ?? 'try Sync now'}.`
        : progress && progress.total > 0
          ? `Bringing in ${bank}'s transactions: ${progress.message ?? 'working'}, ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}.`
          : `Bringing in ${bank}'s transactions…`}
      {progress && progress.total > 0 && job.data?.state !== 'failed' ? (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (progress.done / progress.total) * 100)}
          aria-label="First sync progress"
          sx={{ mt: 1 }}
        />
      ) : null}
    </Alert>
  );
}

const itemColumns: DataColumn<FeedItem>[] = [
  { key: 'bank', header: 'Bank', rowHeader: true, render: (i) => i.institution_name ?? 'Bank' },
  { key: 'entity', header: 'Entity', render: (i) => i.entity_name },
  {
    key: 'status',
    header: 'Status',
    render: (i) => (
      <Chip
        size="small"
        variant="outlined"
        color={ITEM_STATUS[i.status].color}
        label={ITEM_STATUS[i.status].label}
      />
    ),
  },
  {
    key: 'synced',
    header: 'Last synced',
    render: (i) => (i.last_synced_at ? formatDate(i.last_synced_at.slice(0, 10)) : '—'),
  },
];

function accountColumns(open: (a: FeedAccount) => void): DataColumn<FeedAccount>[] {
  return [
    {
      key: 'name',
      header: 'Account',
      rowHeader: true,
      render: (a) => (
        <Button size="small" onClick={() => open(a)} aria-label={`Transactions of ${a.name}`}>
          {a.name}
          {a.mask ? ` ····${a.mask}` : ''}
        </Button>
      ),
    },
    { key: 'entity', header: 'Entity', render: (a) => a.entity_name },
    {
      key: 'current',
      header: 'Balance',
      align: 'right',
      render: (a) => (a.current_balance === null ? '—' : formatMoney(a.current_balance)),
    },
    {
      key: 'available',
      header: 'Available',
      align: 'right',
      render: (a) => (a.available_balance === null ? '—' : formatMoney(a.available_balance)),
    },
    {
      key: 'funding',
      header: 'Funding',
      render: (a) =>
        a.funding?.funding_required ? (
          <Chip
            size="small"
            color="warning"
            label={`Funding required: ${formatMoney(a.funding.amount_to_move)}`}
          />
        ) : a.pays_bills ? (
          'Pays bills'
        ) : (
          '—'
        ),
    },
  ];
}

function TransactionsDialog({
  clientGuid,
  account,
  onClose,
}: {
  clientGuid: string;
  account: FeedAccount | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const lines = useBankLines(clientGuid, account?.guid ?? null, page + 1);
  return (
    <Dialog
      open={account !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="bank-lines-title"
    >
      <DialogTitle id="bank-lines-title">Transactions of {account?.name}</DialogTitle>
      <DialogContent>
        <DataTable
          label="Bank transactions"
          rows={lines.data?.results ?? []}
          rowKey={(l) => l.guid}
          loadingLabel={lines.isPending ? 'Loading transactions…' : undefined}
          empty="No transactions yet."
          paging={{ count: lines.data?.count ?? 0, page, pageSize: 10, onPageChange: setPage }}
          columns={[
            { key: 'date', header: 'Date', render: (l) => formatDate(l.date) },
            { key: 'name', header: 'Description', rowHeader: true, render: (l) => l.name },
            { key: 'check', header: 'Check', render: (l) => l.check_number ?? '' },
            {
              key: 'amount',
              header: 'Amount',
              align: 'right',
              // Shown as the bank statement shows it: money out negative.
              render: (l) => formatMoney(-l.amount),
            },
            { key: 'pending', header: 'Status', render: (l) => (l.pending ? 'Pending' : 'Posted') },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
