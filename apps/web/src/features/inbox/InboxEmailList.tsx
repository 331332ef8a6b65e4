import { DEFAULT_PAGE_SIZE, type InboxEmail, inboxRoutes } from '@bp/contracts';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, SearchField } from '../../ui/index.ts';
import { useCanCreateBills } from '../bills/form/NewBillButton.tsx';
import { ConfirmActionDialog, useInvalidateList, usePagedList } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { AttachmentPreview } from './AttachmentPreview.tsx';
import { InboxEmailTable } from './InboxEmailTable.tsx';
import { clientInbox, organizationInbox } from './inbox-api.ts';

const SEARCH_DEBOUNCE_MS = 300;

export interface InboxEmailListProps {
  organizationGuid: string;
  /** A client's guid, or undefined for every client of the organisation. */
  clientGuid?: string | undefined;
  archived: boolean;
}

/**
 * Pre-bill e-mails with search, paging and ordering, the chosen one's attachments previewed beside the
 * list. Live e-mails offer Convert and Archive (asked first); archived ones Unarchive.
 */
export function InboxEmailList({ organizationGuid, clientGuid, archived }: InboxEmailListProps) {
  const { api } = useSession();
  const canManage = useCanCreateBills();
  const invalidate = useInvalidateList();
  const [page, setPage] = useState(0);
  const [ordering, setOrdering] = useState('-received');
  const [search, setSearch] = useState('');
  const [previewed, setPreviewed] = useState<InboxEmail | null>(null);
  const [changing, setChanging] = useState<InboxEmail | null>(null);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const source = organizationInbox(organizationGuid);
  const list = usePagedList(source, {
    page: page + 1,
    ordering,
    archived: archived ? 'true' : 'false',
    ...(clientGuid ? { client: clientGuid } : {}),
    ...(query ? { search: query } : {}),
  });
  const rows = list.data?.results ?? [];
  const shown = previewed && rows.some((r) => r.guid === previewed.guid) ? previewed : (rows[0] ?? null);
  const what = archived ? 'archived pre-bill e-mails' : 'pre-bill e-mails';

  return (
    <Box>
      <SearchField
        label="Search sender or subject"
        size="small"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, minWidth: { sm: 320 } }}
      />
      {list.isPending ? (
        <LoadingState label={`Loading the ${what}…`} />
      ) : list.isError ? (
        <ErrorState message={apiErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 0 ? (
        <EmptyState title={query ? `No ${what} match "${query}".` : `No ${what}.`}>
          {archived
            ? 'E-mails you archive or convert into bills are kept here.'
            : "Mail sent to a client's inbox address (shown on the client's page) lands here."}
        </EmptyState>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <InboxEmailTable
              label={archived ? 'Archived pre-bill e-mails' : 'Pre-bill e-mails'}
              rows={rows}
              paging={{ count: list.data.count, page, pageSize: DEFAULT_PAGE_SIZE, onPageChange: setPage }}
              ordering={ordering}
              onOrderingChange={(next) => {
                setOrdering(next);
                setPage(0);
              }}
              updating={list.isFetching}
              previewed={shown?.guid ?? null}
              onPreview={setPreviewed}
              {...(canManage && !archived ? { onArchive: setChanging } : {})}
              {...(canManage && archived ? { onUnarchive: setChanging } : {})}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            {shown ? (
              <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="E-mail preview">
                <Typography variant="subtitle1" component="h2">
                  {shown.subject || '(no subject)'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {shown.client.name} · from {shown.from_name ?? shown.from_address ?? 'an upload'}
                </Typography>
                <AttachmentPreview key={shown.guid} email={shown} />
              </Paper>
            ) : null}
          </Grid>
        </Grid>
      )}
      <ConfirmActionDialog
        open={changing !== null}
        title={archived ? 'Unarchive this e-mail?' : 'Archive this e-mail?'}
        message={
          archived
            ? 'It returns to the pre-bill inbox, ready to be converted into a bill.'
            : 'It leaves the pre-bill inbox for the archived pre-bills; nothing is deleted and you can bring it back.'
        }
        confirmLabel={archived ? 'Unarchive' : 'Archive'}
        successMessage={archived ? 'E-mail back in the pre-bill inbox.' : 'E-mail archived.'}
        destructive={!archived}
        onConfirm={async () => {
          if (!changing) return;
          const params = { clientGuid: changing.client.guid, emailGuid: changing.guid };
          if (archived) await api.call(inboxRoutes.postInboxClientEmailUnarchive, { params });
          else await api.call(inboxRoutes.deleteInboxClientEmail, { params });
          if (rows.length === 1 && page > 0) setPage(page - 1);
          await Promise.all([invalidate(source), invalidate(clientInbox(changing.client.guid))]);
        }}
        onClose={() => setChanging(null)}
      />
    </Box>
  );
}
