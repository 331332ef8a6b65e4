import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { clientBillPagePath, staffBillPagePath } from '../bill-lists/billing-paths.ts';
import {
  AwaitingApproval,
  CashOutflowChart,
  mayApprove,
  RecentPayments,
  UnreadMessages,
  UpcomingCommitments,
} from './sections.tsx';

/** Who looks at the client: one of its client users (with its role), or the organisation's staff. */
export type OverviewViewer = { kind: 'client'; role: string | null; readOnly: boolean } | { kind: 'staff' };

function Panel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      {children}
    </Paper>
  );
}

/**
 * One client at a glance (issue 15): what waits for approval (Approve where the viewer may approve: client
 * and designee roles, never observers, advisors or staff here), upcoming commitments, the cash outflow of
 * the coming months, recent payments and unread messages. Every figure comes from the same reads as the
 * client's own pages, so the dashboard and those pages never disagree.
 */
export function ClientOverview({ clientGuid, viewer }: { clientGuid: string; viewer: OverviewViewer }) {
  const billPath =
    viewer.kind === 'staff'
      ? (billGuid: string) => staffBillPagePath(clientGuid, billGuid)
      : clientBillPagePath;
  const canApprove = viewer.kind === 'client' && mayApprove(viewer.role, viewer.readOnly);
  return (
    <Grid container spacing={3} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel>
          <AwaitingApproval
            clientGuid={clientGuid}
            canApprove={canApprove}
            billPath={billPath}
            showListLink={viewer.kind === 'client'}
          />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel>
          <CashOutflowChart clientGuid={clientGuid} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Panel>
          <UpcomingCommitments clientGuid={clientGuid} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Panel>
          <RecentPayments clientGuid={clientGuid} />
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Panel>
          <UnreadMessages clientGuid={clientGuid} billPath={billPath} />
        </Panel>
      </Grid>
    </Grid>
  );
}
