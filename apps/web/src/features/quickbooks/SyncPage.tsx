import { QBO_SYNC_FAILURE, QBO_SYNC_SUCCESS } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessageOf, LoadingState, PageTitle, useToast } from '../../ui/index.ts';
import {
  type EntityRef,
  entityQuickbooksPath,
  useQboConnection,
  useQboSync,
  useStartSync,
} from './quickbooks-api.ts';
import { SyncResults } from './SyncResults.tsx';

/** The entity the page is for (`?client=…&entity=…`), or null. */
export function useEntityParam(): EntityRef | null {
  const [params] = useSearchParams();
  const clientGuid = params.get('client');
  const entityGuid = params.get('entity');
  return clientGuid && entityGuid ? { clientGuid, entityGuid } : null;
}

/**
 * /integrations/qbonline/sync (SPEC §2): runs a sync of one entity on the job runner, follows it, and
 * says how it ended with SPEC §8's toasts, the provider's message and the per-object results.
 */
export function QboSyncPage() {
  const entity = useEntityParam();
  if (!entity) {
    return (
      <Box>
        <PageTitle>QuickBooks Online Sync</PageTitle>
        <Alert severity="info">Open an entity’s QuickBooks tab on its client’s page to sync it.</Alert>
      </Box>
    );
  }
  return <SyncEntity entity={entity} />;
}

function SyncEntity({ entity }: { entity: EntityRef }) {
  const toast = useToast();
  const connection = useQboConnection(entity);
  const start = useStartSync(entity);
  const [syncGuid, setSyncGuid] = useState<string | null>(null);
  const sync = useQboSync(entity, syncGuid);
  const announced = useRef<string | null>(null);

  const status = sync.data?.status;
  useEffect(() => {
    if (!syncGuid || announced.current === syncGuid) return;
    if (status === 'succeeded') {
      announced.current = syncGuid;
      toast.success(QBO_SYNC_SUCCESS);
    } else if (status === 'failed') {
      announced.current = syncGuid;
      toast.error(QBO_SYNC_FAILURE);
    }
  }, [status, syncGuid, toast]);

  const run = (full: boolean) =>
    start.mutate(full, {
      onSuccess: (queued) => setSyncGuid(queued.guid),
      onError: (error) => toast.error(`${QBO_SYNC_FAILURE}: ${errorMessageOf(error)}`),
    });

  const running = start.isPending || status === 'queued' || status === 'running';
  const company = connection.data?.company_name ?? connection.data?.realm_id;
  return (
    <Box>
      <PageTitle>QuickBooks Online Sync</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {connection.isPending ? <LoadingState label="Loading the connection" /> : null}
        {connection.data && connection.data.status !== 'connected' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {connection.data.status === 'revoked'
              ? (connection.data.error ??
                'QuickBooks no longer accepts this connection: reconnect the company.')
              : 'This entity is not connected to QuickBooks Online.'}
          </Alert>
        ) : null}
        {company ? <Box sx={{ mb: 2 }}>Company: {company}</Box> : null}
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={() => run(false)}
            loading={running}
            disabled={connection.data?.status !== 'connected'}
          >
            Sync now
          </Button>
          <Button onClick={() => run(true)} disabled={running || connection.data?.status !== 'connected'}>
            Read everything again
          </Button>
          <Link component={RouterLink} to={entityQuickbooksPath(entity)} sx={{ alignSelf: 'center' }}>
            Back to the entity
          </Link>
        </Stack>
        {running ? <LoadingState label="Syncing with QuickBooks Online" /> : null}
        {sync.data && !running ? <SyncResults sync={sync.data} title="This sync" /> : null}
        {!syncGuid && connection.data?.last_sync ? <SyncResults sync={connection.data.last_sync} /> : null}
      </Paper>
    </Box>
  );
}
