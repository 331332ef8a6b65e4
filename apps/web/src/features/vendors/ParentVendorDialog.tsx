import { type ParentVendor, patchParentVendorRequest, vendorsRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { useInvalidateVendorMaster } from './vendors-api.ts';

const { shape } = patchParentVendorRequest;
/** The contract's rules; blank optional fields mean none. */
const parentVendorForm = z.object({
  name: shape.name.unwrap(),
  tax_id_number: shape.tax_id_number.unwrap(),
  addr1: shape.addr1.unwrap(),
  addr2: shape.addr2.unwrap(),
  city: shape.city.unwrap(),
  state: shape.state.unwrap(),
  postal_code: shape.postal_code.unwrap(),
  country: shape.country.unwrap(),
  primary_phone: shape.primary_phone.unwrap(),
  email: shape.email.unwrap(),
});
type Values = z.input<typeof parentVendorForm>;
type Output = z.output<typeof parentVendorForm>;
const FIELDS = Object.keys(parentVendorForm.shape) as (keyof Values)[];

const valuesOf = (v: ParentVendor | null): Values => ({
  name: v?.name ?? '',
  tax_id_number: v?.tax_id_number ?? '',
  addr1: v?.addr1 ?? '',
  addr2: v?.addr2 ?? '',
  city: v?.city ?? '',
  state: v?.state ?? '',
  postal_code: v?.postal_code ?? '',
  country: v?.country ?? '',
  primary_phone: v?.primary_phone ?? '',
  email: v?.email ?? '',
});

interface Props {
  open: boolean;
  orgGuid: string;
  /** The parent vendor being edited, or null for a new one. */
  vendor: ParentVendor | null;
  /** Changes on each opening, so the form starts afresh. */
  openedAt: number;
  onClose: () => void;
  onSaved?: (saved: ParentVendor) => void;
}

/** New parent vendor, or its details edited (only the changed fields are sent, SPEC §5). */
export function ParentVendorDialog({ open, orgGuid, vendor, openedAt, onClose, onSaved }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="parent-vendor-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <ParentVendorForm
        key={openedAt}
        orgGuid={orgGuid}
        vendor={vendor}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Dialog>
  );
}

function ParentVendorForm({ orgGuid, vendor, onClose, onSaved }: Omit<Props, 'open' | 'openedAt'>) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateVendorMaster();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(parentVendorForm),
    defaultValues: valuesOf(vendor),
  });

  const save = useMutation({
    mutationFn: async (values: Output) => {
      if (!vendor) {
        return api.call(vendorsRoutes.postBillingParentVendors, {
          params: { organizationGuid: orgGuid },
          body: values,
        });
      }
      const before = valuesOf(vendor);
      const patch = Object.fromEntries(
        FIELDS.filter((f) => (values[f] ?? '') !== (before[f] ?? '')).map((f) => [f, values[f]]),
      );
      if (Object.keys(patch).length === 0) return vendor;
      return api.call(vendorsRoutes.patchBillingParentVendor, {
        params: { organizationGuid: orgGuid, parentVendorGuid: vendor.guid },
        body: patch,
      });
    },
    onMutate: () => setFormError(null),
    onSuccess: async (saved) => {
      toast.success(vendor ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
      onSaved?.(saved);
      await invalidate();
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, FIELDS)),
  });

  const text = (name: keyof Values, label: string, helperText?: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      autoComplete="off"
      helperText={helperText}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogTitle id="parent-vendor-dialog-title">
        {vendor ? 'Edit parent vendor' : 'New parent vendor'}
      </DialogTitle>
      <DialogContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        {vendor ? (
          <Alert severity="info" sx={{ mb: 1 }}>
            Changing the address or phone number holds payments to this vendor until another staff member
            records a call-back verification.
          </Alert>
        ) : null}
        <FormTextField
          control={form.control}
          name="name"
          label="Name"
          autoFocus
          autoComplete="off"
          required
        />
        {text('tax_id_number', 'Tax ID')}
        {text('addr1', 'Address line 1')}
        {text('addr2', 'Address line 2')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {text('city', 'City')}
          {text('state', 'State')}
          {text('postal_code', 'Postal code')}
        </Stack>
        {text('country', 'Country')}
        {text('primary_phone', 'Phone', 'The number call-back verifications use.')}
        {text('email', 'E-mail')}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {vendor ? 'Save changes' : 'Add parent vendor'}
        </Button>
      </DialogActions>
    </Box>
  );
}
