import { clientsRoutes, type Mailbox, mailScanRoutes } from '@bp/contracts';
import { formatDate } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { DataTable, LoadingState, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

const key = (orgGuid: string) => ['mail-service', orgGuid] as const;

/**
 * The organisation's mail-scan service (decision 036): connect its account with the API key, then file
 * each mailbox into a client; scanned pieces arrive in that client's pre-bill inbox by webhook or by
 * "Check for new mail".
 */
export function MailServicePanel({ orgGuid }: { orgGuid: string }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [apiKey, setApiKey] = useState('');
  const status = useQuery({
    queryKey: [...key(orgGuid), 'status'],
    queryFn: ({ signal }) => api.call(mailScanRoutes.getMailServiceStatus, { params: { orgGuid }, signal }),
  });
  const connected = status.data?.configured === true;
  const mailboxes = useQuery({
    queryKey: [...key(orgGuid), 'mailboxes'],
    queryFn: ({ signal }) =>
      api.call(mailScanRoutes.getMailServiceMailboxes, { params: { orgGuid }, signal }),
    enabled: connected,
  });
  const clients = useQuery({
    queryKey: [...key(orgGuid), 'clients'],
    queryFn: ({ signal }) =>
      api.call(clientsRoutes.getAccountsOrganizationClients, {
        params: { orgGuid },
        query: { page: 1, page_size: 100 },
        signal,
      }),
    enabled: connected,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key(orgGuid) });
  const fail = (error: unknown) => toast.error(apiErrorMessage(error));
  const connect = useMutation({
    mutationFn: () =>
      api.call(mailScanRoutes.putMailService, { params: { orgGuid }, body: { api_key: apiKey } }),
    onSuccess: () => {
      setApiKey('');
      toast.success('The mail-scan service is connected.');
    },
    onError: fail,
    onSettled: refresh,
  });
  const assign = useMutation({
    mutationFn: (v: { mailboxId: string; clientGuid: string | null }) =>
      api.call(mailScanRoutes.putMailServiceMailbox, {
        params: { orgGuid, mailboxId: v.mailboxId },
        body: { client_guid: v.clientGuid },
      }),
    onError: fail,
    onSettled: refresh,
  });
  const poll = useMutation({
    mutationFn: () => api.call(mailScanRoutes.postMailServicePoll, { params: { orgGuid } }),
    onSuccess: (r) =>
      toast.success(r.received === 1 ? '1 new piece of mail.' : `${r.received} new pieces of mail.`),
    onError: fail,
    onSettled: refresh,
  });

  return (
    <Box component="section" aria-labelledby="mail-service-title">
      <Typography id="mail-service-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Mail scanning
      </Typography>
      {status.isPending ? (
        <LoadingState label="Loading the mail-scan service…" />
      ) : (
        <>
          <Alert
            severity={status.data?.reachable ? 'success' : connected ? 'warning' : 'info'}
            sx={{ mb: 2 }}
          >
            {status.data?.reachable
              ? `Connected: ${status.data.mailbox_count} mailboxes.`
              : connected
                ? status.data?.detail
                : 'Not connected. Enter the API key of your Earth Class Mail account.'}
          </Alert>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              connect.mutate();
            }}
          >
            <TextField
              label={connected ? 'New API key' : 'API key'}
              type="password"
              size="small"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              sx={{ minWidth: 320 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={apiKey.trim().length < 16}
              loading={connect.isPending}
            >
              {connected ? 'Replace key' : 'Connect'}
            </Button>
            {connected ? (
              <Button loading={poll.isPending} onClick={() => poll.mutate()}>
                Check for new mail
              </Button>
            ) : null}
          </Stack>
          {connected ? (
            <DataTable<Mailbox>
              label="Mailboxes"
              rows={mailboxes.data?.results ?? []}
              rowKey={(m) => m.mailbox_id}
              loadingLabel={mailboxes.isPending ? 'Loading mailboxes…' : undefined}
              empty="The account has no mailboxes."
              columns={[
                { key: 'name', header: 'Mailbox', rowHeader: true, render: (m) => m.name },
                {
                  key: 'client',
                  header: 'Files into',
                  render: (m) => (
                    <TextField
                      select
                      size="small"
                      label={`Client of ${m.name}`}
                      value={m.client_guid ?? ''}
                      onChange={(e) =>
                        assign.mutate({ mailboxId: m.mailbox_id, clientGuid: e.target.value || null })
                      }
                      sx={{ minWidth: 220 }}
                    >
                      <MenuItem value="">No client</MenuItem>
                      {(clients.data?.results ?? []).map((c) => (
                        <MenuItem key={c.guid} value={c.guid}>
                          {c.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  ),
                },
                { key: 'pieces', header: 'Pieces', align: 'right', render: (m) => String(m.pieces_received) },
                {
                  key: 'last',
                  header: 'Last piece',
                  render: (m) => (m.last_piece_at ? formatDate(m.last_piece_at.slice(0, 10)) : '—'),
                },
              ]}
            />
          ) : null}
        </>
      )}
    </Box>
  );
}
