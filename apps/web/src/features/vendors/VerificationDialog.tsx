import { VERIFICATION_OUTCOME_VALUES, vendorsRoutes, verificationRequest } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { formatPhone } from './format.ts';
import { useInvalidateVendorMaster } from './vendors-api.ts';

type Values = z.input<typeof verificationRequest>;
type Output = z.output<typeof verificationRequest>;
const FIELDS = ['called_person', 'outcome', 'notes'] as const;
const OUTCOME_LABELS: Record<(typeof VERIFICATION_OUTCOME_VALUES)[number], string> = {
  verified: 'Verified: the vendor confirmed the new details',
  failed: 'Failed: not confirmed (payments stay on hold)',
};

/** Whose call-back is recorded: the parent vendor itself or one client vendor linked to it. */
export type VerificationTarget =
  | { kind: 'parent'; guid: string; name: string; phone: string | null }
  | { kind: 'vendor'; guid: string; name: string; phone: string | null };

/**
 * "Record call-back verification" (decision 022): the caller dials the number on record in the vendor
 * master, never one from an invoice, and records whom they spoke to and the outcome.
 */
export function VerificationDialog({
  orgGuid,
  target,
  onClose,
}: {
  orgGuid: string;
  target: VerificationTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby="verification-title"
      fullWidth
      maxWidth="sm"
    >
      {target ? (
        <VerificationForm key={target.guid} orgGuid={orgGuid} target={target} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function VerificationForm({
  orgGuid,
  target,
  onClose,
}: {
  orgGuid: string;
  target: VerificationTarget;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateVendorMaster();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(verificationRequest),
    defaultValues: { called_person: '', outcome: 'verified', notes: '' },
  });
  const save = useMutation({
    mutationFn: async (body: Output): Promise<void> => {
      if (target.kind === 'parent') {
        await api.call(vendorsRoutes.postBillingParentVendorVerification, {
          params: { organizationGuid: orgGuid, parentVendorGuid: target.guid },
          body,
        });
      } else {
        await api.call(vendorsRoutes.postBillingVendorVerification, {
          params: { organizationGuid: orgGuid, vendorGuid: target.guid },
          body,
        });
      }
    },
    onMutate: () => setFormError(null),
    onSuccess: async (_saved, body) => {
      toast.success(
        body.outcome === 'verified'
          ? `${target.name} verified: payments may go ahead.`
          : `Failed call-back recorded: payments to ${target.name} stay on hold.`,
      );
      onClose();
      await invalidate();
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, FIELDS)),
  });
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogTitle id="verification-title">Record call-back verification: {target.name}</DialogTitle>
      <DialogContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        <Typography sx={{ mb: 1 }}>
          Call the number on record in the vendor master, never a number from an invoice or e-mail:
        </Typography>
        <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="callback-number">
          {target.phone ? formatPhone(target.phone) : 'No phone number on record'}
        </Typography>
        <FormTextField
          control={form.control}
          name="called_person"
          label="Person you spoke to"
          autoFocus
          autoComplete="off"
          required
        />
        <Controller
          control={form.control}
          name="outcome"
          render={({ field }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
              <FormLabel component="legend">Outcome</FormLabel>
              <RadioGroup {...field}>
                {VERIFICATION_OUTCOME_VALUES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={OUTCOME_LABELS[value]}
                  />
                ))}
              </RadioGroup>
            </Box>
          )}
        />
        <FormTextField control={form.control} name="notes" label="Notes" autoComplete="off" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Record verification
        </Button>
      </DialogActions>
    </Box>
  );
}
