import type { QboConnection } from '@bp/contracts';
import { formatDate, formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog, errorMessageOf, QueryStates, useToast } from '../../ui/index.ts';
import { ExportsTable } from './ExportsTable.tsx';
import {
  connectPath,
  type EntityRef,
  syncPath,
  useBookBalanceSync,
  useDisconnect,
  useQboConnection,
  useStartConnect,
} from './quickbooks-api.ts';
import { SyncResults } from './SyncResults.tsx';

const STATUS_LABELS: Record<QboConnection['status'], string> = {
  not_connected: 'Not connected',
  connected: 'Connected',
  revoked: 'Disconnected by QuickBooks',
  disconnected: 'Disconnected',
};

/** The entity's QuickBooks Online connection: status, company, last sync and its results, book balance, exports. */
export function OnlineCard({ entity, canManage }: { entity: EntityRef; canManage: boolean }) {
  const connection = useQboConnection(entity);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="QuickBooks Online">
      <Typography variant="h6" component="h4" sx={{ mb: 1 }}>
        QuickBooks Online
      </Typography>
      <QueryStates
        query={connection}
        loadingLabel="Loading the connection"
        errorMessage={errorMessageOf}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => <Connection entity={entity} data={data} canManage={canManage} />}
      </QueryStates>
    </Paper>
  );
}

function Connection({
  entity,
  data,
  canManage,
}: {
  entity: EntityRef;
  data: QboConnection;
  canManage: boolean;
}) {
  const toast = useToast();
  const reconnect = useStartConnect(entity);
  const disconnect = useDisconnect(entity);
  const balance = useBookBalanceSync(entity);
  const [confirming, setConfirming] = useState(false);
  const connected = data.status === 'connected';
  if (!data.configured)
    return (
      <Alert severity="info">
        QuickBooks Online is not set up on this server (see README, “QuickBooks”).
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          label={STATUS_LABELS[data.status]}
          color={connected ? 'success' : data.status === 'revoked' ? 'error' : 'default'}
        />
        {connected ? (
          <Typography>
            {data.company_name ?? `Company ${data.realm_id}`}
            {data.connected_on ? `, connected ${formatDate(data.connected_on)}` : ''}
          </Typography>
        ) : null}
      </Stack>
      {data.status === 'revoked' ? <Alert severity="error">{data.error}</Alert> : null}
      {canManage ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {connected ? (
            <>
              <Button variant="contained" component={RouterLink} to={syncPath(entity)}>
                Sync with QuickBooks
              </Button>
              <Button
                onClick={() =>
                  balance.mutate(undefined, { onError: (error) => toast.error(errorMessageOf(error)) })
                }
                loading={balance.isPending}
              >
                Sync book balance
              </Button>
              <Button color="error" onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            </>
          ) : data.status === 'revoked' ? (
            <Button
              variant="contained"
              onClick={() =>
                reconnect.mutate(undefined, { onError: (error) => toast.error(errorMessageOf(error)) })
              }
              loading={reconnect.isPending}
            >
              Reconnect
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={connectPath(entity)}>
              Connect to QuickBooks Online
            </Button>
          )}
        </Stack>
      ) : null}
      {connected || data.book_balance !== null ? (
        <Typography variant="body2">
          Book balance of the payment account:{' '}
          {data.book_balance === null ? 'not read yet' : formatMoney(data.book_balance)}
          {data.book_balance_on ? ` (as of ${formatDate(data.book_balance_on)})` : ''}
        </Typography>
      ) : null}
      {data.last_sync ? (
        <SyncResults sync={data.last_sync} />
      ) : connected ? (
        <Typography>Not synced yet.</Typography>
      ) : null}
      {data.status !== 'not_connected' ? (
        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            Bills sent to QuickBooks {data.exports_waiting > 0 ? `(${data.exports_waiting} waiting)` : ''}
          </Typography>
          <ExportsTable entity={entity} />
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Disconnect QuickBooks Online?"
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Disconnected from QuickBooks Online.');
            },
            onError: (error) => toast.error(errorMessageOf(error)),
          })
        }
      >
        QuickBooks will no longer accept this app for {data.company_name ?? 'the company'}. Vendors and
        accounts read from it stay; bills are no longer sent.
      </ConfirmDialog>
    </Stack>
  );
}
