import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessageOf, LoadingState, PageTitle } from '../../ui/index.ts';
import {
  type EntityRef,
  entityQuickbooksPath,
  pendingConnect,
  syncPath,
  useCompleteConnect,
  useQboConnection,
  useStartConnect,
} from './quickbooks-api.ts';
import { useEntityParam } from './SyncPage.tsx';

/**
 * /integrations/qbonline/connect (SPEC §2). Staff land here from an entity to connect it (`?client=…
 * &entity=…`), and Intuit sends them back here after consent (`?code=…&state=…&realmId=…`, the app's
 * redirect URI), where the connection is completed.
 */
export function QboConnectPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const entity = useEntityParam();
  return (
    <Box>
      <PageTitle>QuickBooks Online</PageTitle>
      {code ? (
        <CompleteConnect
          code={code}
          state={params.get('state') ?? ''}
          realmId={params.get('realmId') ?? ''}
          error={params.get('error')}
        />
      ) : params.get('error') ? (
        <Alert severity="error">QuickBooks did not connect: {params.get('error')}.</Alert>
      ) : entity ? (
        <StartConnect entity={entity} />
      ) : (
        <Alert severity="info">Open an entity’s QuickBooks tab on its client’s page to connect it.</Alert>
      )}
    </Box>
  );
}

function StartConnect({ entity }: { entity: EntityRef }) {
  const connection = useQboConnection(entity);
  const start = useStartConnect(entity);
  if (connection.isPending) return <LoadingState label="Loading the connection" />;
  const data = connection.data;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      {data && !data.configured ? (
        <Alert severity="warning">
          QuickBooks Online is not set up on this server (see README, “QuickBooks”).
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Typography>
            {data?.status === 'connected'
              ? `Connected to ${data.company_name ?? data.realm_id}. Connecting again replaces the connection.`
              : 'Sign in to QuickBooks and choose the company this entity keeps its books in.'}
          </Typography>
          {start.isError ? <Alert severity="error">{errorMessageOf(start.error)}</Alert> : null}
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending}>
              {data?.status === 'revoked' ? 'Reconnect to QuickBooks' : 'Connect to QuickBooks'}
            </Button>
            <Link component={RouterLink} to={entityQuickbooksPath(entity)} sx={{ alignSelf: 'center' }}>
              Back to the entity
            </Link>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function CompleteConnect({
  code,
  state,
  realmId,
  error,
}: {
  code: string;
  state: string;
  realmId: string;
  error: string | null;
}) {
  const complete = useCompleteConnect();
  const entity = useRef<EntityRef | null>(pendingConnect());
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !entity.current || error) return;
    started.current = true;
    complete.mutate({ entity: entity.current, code, state, realm_id: realmId });
  }, [code, state, realmId, error, complete]);

  if (error) return <Alert severity="error">QuickBooks did not connect: {error}.</Alert>;
  if (!entity.current)
    return (
      <Alert severity="error">
        This page was opened outside a connection under way. Start again from the entity.
      </Alert>
    );
  if (complete.isError)
    return (
      <Stack spacing={2}>
        <Alert severity="error">{errorMessageOf(complete.error)}</Alert>
        <Link component={RouterLink} to={entityQuickbooksPath(entity.current)}>
          Back to the entity
        </Link>
      </Stack>
    );
  if (!complete.data) return <LoadingState label="Completing the connection" />;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Alert severity="success">Connected to {complete.data.company_name ?? complete.data.realm_id}.</Alert>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" component={RouterLink} to={syncPath(entity.current)}>
            Sync now
          </Button>
          <Link component={RouterLink} to={entityQuickbooksPath(entity.current)} sx={{ alignSelf: 'center' }}>
            Back to the entity
          </Link>
        </Stack>
      </Stack>
    </Paper>
  );
}
