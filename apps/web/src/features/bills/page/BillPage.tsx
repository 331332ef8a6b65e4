import type { Bill } from '@bp/contracts';
import { billsRoutes } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  PageTitle,
  useToast,
} from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { BillForm } from '../form/BillForm.tsx';
import { ApprovalPlan } from './ApprovalPlan.tsx';
import { type BillAudience, backPath, isStatus } from './api.ts';
import { BillAttachments } from './BillAttachments.tsx';
import { BillHeader } from './BillHeader.tsx';
import { BillLines } from './BillLines.tsx';
import { BillMessages } from './BillMessages.tsx';
import { BillNotes } from './BillNotes.tsx';
import { BillTasks } from './BillTasks.tsx';
import { BillTimeline } from './BillTimeline.tsx';
import { useBill, useRefreshBill } from './useBill.ts';
import { WorkflowActions } from './WorkflowActions.tsx';

/** Staff: /clients/:clientGuid/:userType/bill/:billGuid */
export function StaffBillPage() {
  const { clientGuid = '', billGuid = '' } = useParams();
  return (
    <BillView
      key={`${clientGuid}/${billGuid}`}
      clientGuid={clientGuid}
      billGuid={billGuid}
      audience="staff"
    />
  );
}

/** Client users: /bill/:billGuid, on the client chosen in the session. */
export function ClientBillPage() {
  const { billGuid = '' } = useParams();
  const { client } = useSession();
  if (!client) {
    return (
      <>
        <PageTitle>Bill</PageTitle>
        <EmptyState title="No client selected.">Choose a client to see its bills.</EmptyState>
      </>
    );
  }
  return (
    <BillView
      key={`${client.guid}/${billGuid}`}
      clientGuid={client.guid}
      billGuid={billGuid}
      audience="client"
      observer={client.role === 'observer'}
    />
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {label}
    </Link>
  );
}

function EditBillDialog({
  open,
  clientGuid,
  bill,
  onClose,
  onSaved,
}: {
  open: boolean;
  clientGuid: string;
  bill: Bill;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Edit bill</DialogTitle>
      <DialogContent>
        {open ? <BillForm clientGuid={clientGuid} bill={bill} onSaved={onSaved} onCancel={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

export interface BillViewProps {
  clientGuid: string;
  billGuid: string;
  audience: BillAudience;
  /** Client observers read everything and act on nothing. */
  observer?: boolean;
}

/** The bill page of both audiences: details, lines, approval plan, actions, messages, files and history. */
export function BillView({ clientGuid, billGuid, audience, observer = false }: BillViewProps) {
  const { api } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const bill = useBill(clientGuid, billGuid);
  const refresh = useRefreshBill(clientGuid, billGuid);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const staff = audience === 'staff';
  const listLabel = staff ? 'Back to bills' : 'Back to your bills';

  const remove = useMutation({
    mutationFn: () => api.call(billsRoutes.deleteBillingClientBill, { params: { clientGuid, billGuid } }),
    onSuccess: async () => {
      toast.success('Bill deleted.');
      setDeleting(false);
      await navigate(backPath(audience, bill.data));
    },
    onError: (error) => {
      setDeleting(false);
      toast.error(apiErrorMessage(error));
      void refresh();
    },
  });

  if (bill.isPending) {
    return (
      <>
        <PageTitle>Bill</PageTitle>
        <LoadingState label="Loading bill…" />
      </>
    );
  }
  if (bill.isError) {
    if (isStatus(bill.error, 404)) {
      return (
        <>
          <PageTitle>Bill not found</PageTitle>
          <EmptyState title="Bill not found">
            It may have been deleted, or it belongs to another client.{' '}
            <Link component={RouterLink} to={backPath(audience)}>
              {listLabel}
            </Link>
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageTitle>Bill</PageTitle>
        <ErrorState message={apiErrorMessage(bill.error)} onRetry={() => void bill.refetch()} />
      </>
    );
  }

  const data = bill.data;
  const readOnly = observer;
  return (
    <Box>
      <BackLink to={backPath(audience, data)} label={listLabel} />
      <PageTitle>{`${data.vendor.name} bill`}</PageTitle>
      <BillHeader
        bill={readOnly ? { ...data, can: { ...data.can, edit: false, delete: false } } : data}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      {readOnly ? null : <WorkflowActions clientGuid={clientGuid} bill={data} audience={audience} />}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ApprovalPlan plan={data.plan} />
          <BillLines lines={data.lines} />
          <BillAttachments clientGuid={clientGuid} billGuid={billGuid} staff={staff} readOnly={readOnly} />
          {staff ? <BillTasks clientGuid={clientGuid} billGuid={billGuid} /> : null}
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <BillMessages clientGuid={clientGuid} billGuid={billGuid} canWrite={!readOnly} />
          {staff ? <BillNotes clientGuid={clientGuid} billGuid={billGuid} /> : null}
          <BillTimeline clientGuid={clientGuid} billGuid={billGuid} />
        </Grid>
      </Grid>

      {data.can.edit && !readOnly ? (
        <EditBillDialog
          open={editing}
          clientGuid={clientGuid}
          bill={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete this bill?"
        confirmLabel="Delete bill"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      >
        The bill of {formatMoney(data.amount)} to {data.vendor.name} will be deleted with its lines and files.
        This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
