import { type MasterVendor, type ParentVendor, vendorsRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, DataTable, EmptyState, PageTitle, QueryStates, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { formatPhone, formatWhen } from './format.ts';
import { ParentVendorDialog } from './ParentVendorDialog.tsx';
import { SimilarVendorsDialog } from './SimilarVendorsDialog.tsx';
import { VendorHistory } from './VendorHistory.tsx';
import { VerificationChip } from './VerificationChip.tsx';
import { VerificationDialog, type VerificationTarget } from './VerificationDialog.tsx';
import { useInvalidateVendorMaster, useParentVendor, useVendorPermissions } from './vendors-api.ts';

/** /parent-vendors/{guid}: details, sanctions result, linked vendors, call-back verification, history. */
export function ParentVendorDetailPage() {
  const { organization } = useSession();
  const { guid = '' } = useParams();
  if (!organization) {
    return (
      <Box>
        <PageTitle>Parent Vendor</PageTitle>
        <EmptyState title="No organization selected." />
      </Box>
    );
  }
  return <Detail key={guid} orgGuid={organization.guid} guid={guid} />;
}

function Detail({ orgGuid, guid }: { orgGuid: string; guid: string }) {
  const vendor = useParentVendor(orgGuid, guid);
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <QueryStates
        query={vendor}
        loadingLabel="Loading parent vendor…"
        errorMessage={apiErrorMessage}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => <Loaded orgGuid={orgGuid} vendor={data} />}
      </QueryStates>
    </Box>
  );
}

const address = (v: ParentVendor) =>
  [v.addr1, v.addr2, [v.city, v.state, v.postal_code].filter(Boolean).join(' '), v.country]
    .filter(Boolean)
    .join(', ') || '—';

function Loaded({ orgGuid, vendor }: { orgGuid: string; vendor: ParentVendor }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateVendorMaster();
  const can = useVendorPermissions(orgGuid);
  const [editing, setEditing] = useState({ open: false, openedAt: 0 });
  const [similar, setSimilar] = useState(false);
  const [verifying, setVerifying] = useState<VerificationTarget | null>(null);
  const [confirmActive, setConfirmActive] = useState(false);
  const toggle = useMutation({
    mutationFn: () =>
      api.call(vendorsRoutes.patchBillingParentVendor, {
        params: { organizationGuid: orgGuid, parentVendorGuid: vendor.guid },
        body: { is_active: !vendor.is_active },
      }),
    onSuccess: async (saved) => {
      setConfirmActive(false);
      toast.success(`${saved.name} ${saved.is_active ? 'reactivated' : 'deactivated'}.`);
      await invalidate();
    },
    onError: (error) => {
      setConfirmActive(false);
      toast.error(apiErrorMessage(error));
    },
  });
  const verifyParent = () =>
    setVerifying({ kind: 'parent', guid: vendor.guid, name: vendor.name, phone: vendor.primary_phone });
  const verifyVendor = (v: MasterVendor) =>
    setVerifying({
      kind: 'vendor',
      guid: v.guid,
      name: v.name,
      phone: vendor.primary_phone ?? v.primary_phone,
    });
  const screening = vendor.sanctions;

  return (
    <>
      <PageTitle
        actions={
          <Stack direction="row" spacing={1}>
            {can('vendors.verify') && vendor.verification_status === 'verification_required' ? (
              <Button variant="contained" color="warning" onClick={verifyParent}>
                Record call-back verification
              </Button>
            ) : null}
            {can('vendors.manage') && vendor.merged_into === null ? (
              <>
                <Button onClick={() => setEditing((e) => ({ open: true, openedAt: e.openedAt + 1 }))}>
                  Edit
                </Button>
                <Button color={vendor.is_active ? 'error' : 'primary'} onClick={() => setConfirmActive(true)}>
                  {vendor.is_active ? 'Deactivate' : 'Reactivate'}
                </Button>
              </>
            ) : null}
            {vendor.is_active ? <Button onClick={() => setSimilar(true)}>Similar</Button> : null}
          </Stack>
        }
      >
        {vendor.name}
      </PageTitle>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {vendor.is_active ? (
          <VerificationChip status={vendor.verification_status} />
        ) : (
          <Chip label="Inactive" size="small" />
        )}
        <Link component={RouterLink} to={vendor.is_active ? '/parent-vendors' : '/parent-vendors/inactive'}>
          Back to the list
        </Link>
      </Stack>
      {vendor.merged_into ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Merged into{' '}
          <Link component={RouterLink} to={`/parent-vendors/${vendor.merged_into.guid}`}>
            {vendor.merged_into.name}
          </Link>
          .
        </Alert>
      ) : null}
      {vendor.pending_change ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Payment details changed on {formatWhen(vendor.pending_change.changed_on)}
          {vendor.pending_change.changed_by
            ? ` by ${vendor.pending_change.changed_by.first_name} ${vendor.pending_change.changed_by.last_name}`
            : ''}
          . Payments to its vendors are on hold until another staff member records a call-back verification.
        </Alert>
      ) : null}
      <Alert severity={screening?.match ? 'error' : screening ? 'success' : 'info'} sx={{ mb: 2 }}>
        {screening === null
          ? 'Not screened against the sanctions list yet.'
          : screening.match
            ? `Sanctions screening (${formatWhen(screening.screened_on)}): "${screening.name}" resembles ${screening.match.name} (${Math.round(screening.match.score * 100)}%). Bills to its vendors stop for sanctions clearance.`
            : `Sanctions screening (${formatWhen(screening.screened_on)}): no match for "${screening.name}".`}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {(
            [
              ['Tax ID', vendor.tax_id_number ?? '—'],
              ['Address', address(vendor)],
              ['Phone (call-backs)', vendor.primary_phone ? formatPhone(vendor.primary_phone) : '—'],
              ['E-mail', vendor.email ?? '—'],
            ] as const
          ).map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Linked vendors
      </Typography>
      <DataTable
        label="Linked vendors"
        columns={[
          { key: 'name', header: 'Vendor', render: (v) => v.name },
          { key: 'client', header: 'Client', render: (v) => v.client.name },
          { key: 'entity', header: 'Entity', render: (v) => v.entity.nickname },
          { key: 'bills', header: 'Bills', align: 'right', render: (v) => v.bill_count },
          {
            key: 'status',
            header: 'Status',
            render: (v) =>
              v.is_active ? (
                <VerificationChip status={v.verification_status} held={v.payment_hold} />
              ) : (
                <Chip label={v.merged_into ? `Merged into ${v.merged_into.name}` : 'Inactive'} size="small" />
              ),
          },
          {
            key: 'verify',
            header: 'Verification',
            align: 'right',
            render: (v) =>
              can('vendors.verify') && v.verification_status === 'verification_required' ? (
                <Button
                  size="small"
                  onClick={() => verifyVendor(v)}
                  aria-label={`Record call-back verification for ${v.name} (${v.client.name})`}
                >
                  Record call-back
                </Button>
              ) : null,
          },
        ]}
        rows={vendor.vendors}
        rowKey={(v) => v.guid}
        empty={<EmptyState title="No client vendor is linked to this parent vendor." />}
      />
      <VendorHistory orgGuid={orgGuid} guid={vendor.guid} />
      <ParentVendorDialog
        open={editing.open}
        orgGuid={orgGuid}
        vendor={vendor}
        openedAt={editing.openedAt}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <SimilarVendorsDialog
        orgGuid={orgGuid}
        vendor={similar ? vendor : null}
        canMerge={can('vendors.merge')}
        onClose={() => setSimilar(false)}
      />
      <VerificationDialog orgGuid={orgGuid} target={verifying} onClose={() => setVerifying(null)} />
      <ConfirmDialog
        open={confirmActive}
        title={`${vendor.is_active ? 'Deactivate' : 'Reactivate'} ${vendor.name}?`}
        confirmLabel={vendor.is_active ? 'Deactivate' : 'Reactivate'}
        destructive={vendor.is_active}
        pending={toggle.isPending}
        onConfirm={() => toggle.mutate()}
        onClose={() => setConfirmActive(false)}
      >
        {vendor.is_active
          ? 'It moves to the inactive list and can no longer be linked to client vendors. Its linked vendors and their bills stay as they are.'
          : 'It returns to the active list.'}
      </ConfirmDialog>
    </>
  );
}
