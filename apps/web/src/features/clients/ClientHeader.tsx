import { clientsRoutes, type OrgClient, patchClientRequest } from '@bp/contracts';
import { CLIENT_SERVICE_LABELS, formatDate, formatMoney, labelOf } from '@bp/domain';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SendIcon from '@mui/icons-material/Send';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { isInternalStaff } from '../../session/user-kind.ts';
import { PageTitle, useToast } from '../../ui/index.ts';
import { NewBillButton } from '../bills/form/NewBillButton.tsx';
import {
  ConfirmActionDialog,
  listKey,
  orDash,
  payloadAs,
  RecordFormDialog,
} from '../client-records/index.ts';
import { onboardingLabel } from './client-display.ts';
import { clientFields, clientFormItem } from './client-fields.ts';
import { useClientReferrerOptions } from './useClientReferrerOptions.ts';
import { orgClientsList } from './useOrgClient.ts';

// The referrer's news and services editor loads when staff first open it: few open it, and its list
// editors and schemas would otherwise weigh on every client page (apps/web/scripts/check-bundle.mjs).
const ReferrerContentDialog = lazy(() =>
  import('./ReferrerContentDialog.tsx').then((m) => ({ default: m.ReferrerContentDialog })),
);

type Pending = 'archive' | 'unarchive' | 'invite' | null;

/** The client's name, service and fees, with edit, archive and the onboarding invitation. */
export function ClientHeader({ orgGuid, client }: { orgGuid: string; client: OrgClient }) {
  const { api, claims, isMasked } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  // The referrer's news and services (decision 031): like the shared institution list, internal staff
  // (not masked) manage them here; the API also lets the admins of the organisation it refers edit them.
  const [referrerOpen, setReferrerOpen] = useState(false);
  const referrer = client.client_referrer;
  const mayEditReferrer = referrer !== null && isInternalStaff(claims) && !isMasked;
  const [pending, setPending] = useState<Pending>(null);
  const referrers = useClientReferrerOptions(editing, client.client_referrer);
  const fields = useMemo(() => clientFields(referrers, true), [referrers]);
  const item = useMemo(() => clientFormItem(client), [client]);
  const params = { orgGuid, clientGuid: client.guid };
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(orgClientsList(orgGuid)) });

  const facts: [string, string][] = [
    ['Service', labelOf(CLIENT_SERVICE_LABELS, client.service)],
    ['Primary contact', orDash(client.primary_contact)],
    ['Bill Pay fee', formatMoney(client.bp_ff_amount)],
    ['Family Office Accounting fee', formatMoney(client.foa_ff_amount)],
    ['Total fees', formatMoney(client.total_ff_amount)],
    ['Created', formatDate(client.created_on)],
  ];

  return (
    <Box sx={{ mb: 3 }}>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <NewBillButton clientGuid={client.guid} />
            {/* The client's dashboard: its bills, commitments, outflow and financial accounts (decision 029). */}
            <Button variant="outlined" component={RouterLink} to={`/client-dashboard/${client.guid}`}>
              Client dashboard
            </Button>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
              Edit client
            </Button>
            {mayEditReferrer ? (
              <Button variant="outlined" onClick={() => setReferrerOpen(true)}>
                Referrer news and services
              </Button>
            ) : null}
            {client.archived ? (
              <Button
                variant="outlined"
                startIcon={<UnarchiveIcon />}
                onClick={() => setPending('unarchive')}
              >
                Unarchive
              </Button>
            ) : (
              <Button
                variant="outlined"
                color="error"
                startIcon={<ArchiveIcon />}
                onClick={() => setPending('archive')}
              >
                Archive
              </Button>
            )}
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => setPending('invite')}
              disabled={client.archived}
            >
              Send onboarding invite
            </Button>
          </Stack>
        }
      >
        {client.name}
      </PageTitle>
      <Stack direction="row" spacing={1} sx={{ mt: -2, mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          label={`Onboarding: ${onboardingLabel(client)}`}
          color={client.is_onboarding_completed ? 'success' : 'warning'}
          variant="outlined"
          size="small"
        />
        {client.archived ? (
          <Chip label={`Archived ${formatDate(client.archived_on)}`} color="default" size="small" />
        ) : null}
        {client.onboarding_invited_at ? (
          <Chip
            label={`Invite sent ${formatDate(client.onboarding_invited_at)}`}
            variant="outlined"
            size="small"
          />
        ) : null}
        {client.has_properties ? <Chip label="Has properties" variant="outlined" size="small" /> : null}
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5, m: 0 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>

      <RecordFormDialog
        open={editing}
        title="Edit client"
        fields={fields}
        schema={patchClientRequest}
        item={item}
        submitLabel="Save changes"
        successMessage="Client updated."
        onSubmit={async (payload) => {
          await api.call(clientsRoutes.patchAccountsOrganizationClient, {
            params,
            body: payloadAs(patchClientRequest, payload),
          });
          await refresh();
        }}
        onClose={() => setEditing(false)}
      />
      <ConfirmActionDialog
        open={pending === 'archive'}
        title={`Archive ${client.name}?`}
        message="The client leaves the client list and its people lose access to the app until it is unarchived."
        confirmLabel="Archive"
        successMessage="Client archived."
        onConfirm={async () => {
          await api.call(clientsRoutes.postAccountsOrganizationClientArchive, { params });
          await refresh();
        }}
        onClose={() => setPending(null)}
      />
      <ConfirmActionDialog
        open={pending === 'unarchive'}
        title={`Unarchive ${client.name}?`}
        message="The client returns to the client list, and its people can use the app again."
        confirmLabel="Unarchive"
        successMessage="Client unarchived."
        destructive={false}
        onConfirm={async () => {
          await api.call(clientsRoutes.postAccountsOrganizationClientUnarchive, { params });
          await refresh();
        }}
        onClose={() => setPending(null)}
      />
      <ConfirmActionDialog
        open={pending === 'invite'}
        title="Send the onboarding invitation?"
        message={`The primary users of ${client.name} get an e-mail with a link to their onboarding checklist.`}
        confirmLabel="Send"
        successMessage="Onboarding invitation sent."
        destructive={false}
        onConfirm={async () => {
          const sent = await api.call(clientsRoutes.postAccountsOrganizationSendOnboardingInvite, {
            params: { orgGuid },
            body: { client: client.guid },
          });
          if (sent?.recipients?.length) toast.info(`Sent to ${sent.recipients.join(', ')}.`);
          await refresh();
        }}
        onClose={() => setPending(null)}
      />
      {referrer && referrerOpen ? (
        <Suspense fallback={null}>
          <ReferrerContentDialog open referrer={referrer} onClose={() => setReferrerOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
