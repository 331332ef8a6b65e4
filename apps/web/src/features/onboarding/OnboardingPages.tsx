import { type OnboardingChecklist as Checklist, clientsRoutes } from '@bp/contracts';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { EmptyState, PageTitle, useToast } from '../../ui/index.ts';
import { ConfirmActionDialog } from '../client-records/index.ts';
import { OnboardingChecklist } from './OnboardingChecklist.tsx';
import { useChecklist } from './onboarding-api.ts';

/**
 * The client's own checklist (/client-onboarding/client, and /onboarding for the self-service variant):
 * the selected client's. Submitting marks the stored client onboarded, and the session goes on to the
 * remembered location (SPEC §4) or home (/dashboard): the route guard no longer holds the client.
 */
function OwnChecklist({ title }: { title: string }) {
  const { client, selectClient } = useSession();
  const queryClient = useQueryClient();
  if (!client) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <EmptyState title="No client selected.">Choose a client first.</EmptyState>
      </>
    );
  }
  const submitted = (done: Checklist) => {
    void queryClient.invalidateQueries({ queryKey: ['accounts', 'clients'] });
    selectClient({ ...client, is_onboarding_completed: done.client.is_onboarding_completed });
  };
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <OnboardingChecklist clientGuid={client.guid} audience="client" onSubmitted={submitted} />
    </>
  );
}

export function ClientOnboardingPage() {
  return <OwnChecklist title="Client Onboarding" />;
}

export function SelfOnboardingPage() {
  return <OwnChecklist title="Onboarding" />;
}

/** The organisation's view of a client's checklist, with its invitation and the reminder forms. */
export function OrgClientOnboardingPage() {
  const { clientGuid = '' } = useParams();
  const { api, organization } = useSession();
  const toast = useToast();
  const checklist = useChecklist(clientGuid);
  const [inviting, setInviting] = useState(false);
  const name = checklist.data?.client.name;
  const encoded = encodeURIComponent(clientGuid);
  return (
    <>
      <PageTitle
        actions={
          organization ? (
            <Button variant="outlined" onClick={() => setInviting(true)}>
              Send onboarding invite
            </Button>
          ) : null
        }
      >
        {name ? `Client Onboarding: ${name}` : 'Client Onboarding'}
      </PageTitle>
      <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
        <Link component={RouterLink} to={`/clients/${encoded}`}>
          Back to the client
        </Link>
        <Link component={RouterLink} to={`/client-onboarding/reports/new-reminder-form?client=${encoded}`}>
          New report reminder
        </Link>
      </Stack>
      <OnboardingChecklist
        clientGuid={clientGuid}
        audience="organization"
        orgGuid={organization?.guid ?? null}
      />
      {organization ? (
        <ConfirmActionDialog
          open={inviting}
          title="Send the onboarding invitation?"
          message={`The primary users of ${name ?? 'this client'} get an e-mail with a link to their onboarding checklist.`}
          confirmLabel="Send"
          successMessage="Onboarding invitation sent."
          destructive={false}
          onConfirm={async () => {
            const sent = await api.call(clientsRoutes.postAccountsOrganizationSendOnboardingInvite, {
              params: { orgGuid: organization.guid },
              body: { client: clientGuid },
            });
            if (sent.recipients.length) toast.info(`Sent to ${sent.recipients.join(', ')}.`);
          }}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </>
  );
}

/** The advisor's view (?advisor=1): the same checklist, read-only where the API says so. */
export function AdvisorClientOnboardingPage() {
  const { clientGuid = '' } = useParams();
  const checklist = useChecklist(clientGuid);
  const name = checklist.data?.client.name;
  return (
    <>
      <PageTitle>{name ? `Client Onboarding: ${name}` : 'Client Onboarding'}</PageTitle>
      <OnboardingChecklist clientGuid={clientGuid} audience="advisor" />
    </>
  );
}
