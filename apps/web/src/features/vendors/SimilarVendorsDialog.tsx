import { type SimilarVendor, vendorsRoutes } from '@bp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, DataTable, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useInvalidateVendorMaster, useMergePreview, useSimilarParentVendors } from './vendors-api.ts';

interface Named {
  guid: string;
  name: string;
}

const REASON_LABELS: Record<SimilarVendor['reasons'][number], string> = {
  name: 'name',
  address: 'address',
  tax_id: 'same tax ID',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "Similar" suggestions for one parent vendor (trigram similarity of names and addresses, equal tax
 * ids), each with a Merge action in either direction, confirmed with what will move.
 */
export function SimilarVendorsDialog({
  orgGuid,
  vendor,
  onClose,
  canMerge,
}: {
  orgGuid: string;
  vendor: Named | null;
  onClose: () => void;
  canMerge: boolean;
}) {
  const similar = useSimilarParentVendors(orgGuid, vendor?.guid ?? null);
  const [merging, setMerging] = useState<{ from: Named; into: Named } | null>(null);
  return (
    <Dialog open={vendor !== null} onClose={onClose} aria-labelledby="similar-title" fullWidth maxWidth="md">
      <DialogTitle id="similar-title">Similar to {vendor?.name}</DialogTitle>
      <DialogContent>
        <QueryStates
          query={similar}
          loadingLabel="Looking for similar parent vendors…"
          errorMessage={apiErrorMessage}
          isEmpty={(data) => data.results.length === 0}
          empty={<EmptyState title="No similar parent vendors." />}
        >
          {(data) => (
            <DataTable
              label="Similar parent vendors"
              columns={[
                { key: 'name', header: 'Name', render: (s) => s.name },
                {
                  key: 'place',
                  header: 'City',
                  render: (s) => [s.city, s.state].filter(Boolean).join(', ') || '—',
                },
                {
                  key: 'score',
                  header: 'Similarity',
                  align: 'right',
                  render: (s) => `${Math.round(s.score * 100)}%`,
                },
                {
                  key: 'reasons',
                  header: 'Alike in',
                  render: (s) => s.reasons.map((r) => REASON_LABELS[r]).join(', '),
                },
                ...(canMerge && vendor
                  ? [
                      {
                        key: 'merge',
                        header: 'Merge',
                        align: 'right' as const,
                        render: (s: SimilarVendor) => (
                          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                            <Button
                              size="small"
                              aria-label={`Merge ${s.name} into ${vendor.name}`}
                              onClick={() => setMerging({ from: s, into: vendor })}
                            >
                              Merge here
                            </Button>
                            <Button
                              size="small"
                              aria-label={`Merge ${vendor.name} into ${s.name}`}
                              onClick={() => setMerging({ from: vendor, into: s })}
                            >
                              Merge into this
                            </Button>
                          </Stack>
                        ),
                      },
                    ]
                  : []),
              ]}
              rows={data.results}
              rowKey={(s) => s.guid}
            />
          )}
        </QueryStates>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <MergeConfirm
        orgGuid={orgGuid}
        merging={merging}
        onClose={() => setMerging(null)}
        onMerged={() => {
          setMerging(null);
          onClose();
        }}
      />
    </Dialog>
  );
}

/** The merge confirmation: names both and the vendors, bills and commitments that will move. */
export function MergeConfirm({
  orgGuid,
  merging,
  onClose,
  onMerged,
}: {
  orgGuid: string;
  merging: { from: Named; into: Named } | null;
  onClose: () => void;
  onMerged: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateVendorMaster();
  const preview = useMergePreview(orgGuid, merging?.from.guid ?? null, merging?.into.guid ?? null);
  const merge = useMutation({
    mutationFn: (m: { from: Named; into: Named }) =>
      api.call(vendorsRoutes.postBillingParentVendorMerge, {
        params: { organizationGuid: orgGuid, parentVendorGuid: m.from.guid },
        body: { into: m.into.guid },
      }),
    onSuccess: async (done) => {
      toast.success(
        `${done.merged.name} merged into ${done.survivor.name}: ${plural(done.vendors, 'vendor')}, ${plural(done.bills, 'bill')} and ${plural(done.commitments, 'commitment')} moved.`,
      );
      onMerged();
      await invalidate();
    },
    onError: (error) => {
      onClose();
      toast.error(apiErrorMessage(error));
    },
  });
  const counts = preview.data;
  return (
    <ConfirmDialog
      open={merging !== null}
      title={`Merge ${merging?.from.name ?? ''} into ${merging?.into.name ?? ''}?`}
      confirmLabel="Merge"
      destructive
      pending={merge.isPending || !counts}
      onConfirm={() => merging && merge.mutate(merging)}
      onClose={onClose}
    >
      {counts ? (
        <>
          {plural(counts.vendors, 'client vendor')} with {plural(counts.bills, 'bill')} and{' '}
          {plural(counts.commitments, 'commitment')} will move from {counts.merged.name} to{' '}
          {counts.survivor.name}. A vendor of an entity that {counts.survivor.name} already serves is folded
          into that vendor. {counts.merged.name} becomes inactive. This cannot be undone.
        </>
      ) : preview.isError ? (
        <Typography color="error" component="span">
          {apiErrorMessage(preview.error)}
        </Typography>
      ) : (
        'Counting what will move…'
      )}
    </ConfirmDialog>
  );
}
