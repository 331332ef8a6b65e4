import { inboxRoutes } from '@bp/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, useToast } from '../../ui/index.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { INBOX_KEY } from './inbox-api.ts';

/**
 * The client's inbox address on its page (issue 13): mail to it lands in the pre-bill inbox. Copy puts
 * it on the clipboard; Regenerate (staff who manage clients, asked first) retires it for a new one.
 */
export function InboxAddressCard({ clientGuid }: { clientGuid: string }) {
  const { api, organization } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const catalogue = usePermissionCatalogue(organization?.guid ?? null);
  const canRegenerate = catalogue.data?.effective_permissions.includes('clients.manage') ?? false;
  const [confirming, setConfirming] = useState(false);
  const key = [...INBOX_KEY, 'address', clientGuid];
  const address = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(inboxRoutes.getInboxClientAddress, { params: { clientGuid }, signal }),
  });
  const regenerate = useMutation({
    mutationFn: () => api.call(inboxRoutes.postInboxClientAddressRegenerate, { params: { clientGuid } }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(key, fresh);
      setConfirming(false);
      toast.success('New inbox address made. Mail to the old one is refused from now on.');
    },
    onError: (error) => toast.error(`The address was not changed. ${apiErrorMessage(error)}`),
  });

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Inbox address copied.');
    } catch {
      toast.error('The address could not be copied: select it and copy it by hand.');
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Inbox address">
      <Typography variant="subtitle2" component="h2">
        Inbox address
      </Typography>
      {address.isError ? (
        <Alert severity="error" action={<Button onClick={() => void address.refetch()}>Retry</Button>}>
          The inbox address could not be loaded. {apiErrorMessage(address.error)}
        </Alert>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            component="code"
            sx={{ fontSize: '0.95rem', wordBreak: 'break-all' }}
            data-testid="inbox-address"
          >
            {address.data?.address ?? 'Loading…'}
          </Box>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              disabled={!address.data}
              onClick={() => address.data && void copy(address.data.address)}
            >
              Copy
            </Button>
            {canRegenerate ? (
              <Button
                size="small"
                color="warning"
                disabled={!address.data}
                onClick={() => setConfirming(true)}
              >
                Regenerate
              </Button>
            ) : null}
          </Stack>
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary">
        Bills e-mailed to this address land in the pre-bill inbox.
      </Typography>
      <ConfirmDialog
        open={confirming}
        title="Regenerate the inbox address?"
        confirmLabel="Regenerate"
        destructive
        pending={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onClose={() => setConfirming(false)}
      >
        Mail sent to {address.data?.address ?? 'the current address'} will be refused from now on. Give the
        new address to everyone who sends this client's bills.
      </ConfirmDialog>
    </Paper>
  );
}
