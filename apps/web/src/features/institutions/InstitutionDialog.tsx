import { institutionsRoutes, type ParentInstitution, patchParentInstitutionRequest } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { institutionsKey } from './institutions-api.ts';

const { shape } = patchParentInstitutionRequest;
/** The contract's rules; blank website and routing number mean none. */
const institutionForm = z.object({
  name: shape.name.unwrap(),
  website: shape.website.unwrap(),
  routing_number: shape.routing_number.unwrap(),
});
type Values = z.input<typeof institutionForm>;
type Output = z.output<typeof institutionForm>;
const FIELDS = ['name', 'website', 'routing_number'] as const;

const valuesOf = (institution: ParentInstitution | null): Values => ({
  name: institution?.name ?? '',
  website: institution?.website ?? '',
  routing_number: institution?.routing_number ?? '',
});

interface InstitutionDialogProps {
  open: boolean;
  /** The institution being edited, or null to add one. */
  institution: ParentInstitution | null;
  /** Changes on each opening, so the form starts afresh; it stays while the dialog fades out. */
  openedAt: number;
  onClose: () => void;
}

/** Adds an institution, or edits one (sending only the changed fields). */
export function InstitutionDialog({ open, institution, openedAt, onClose }: InstitutionDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="institution-dialog-title" fullWidth maxWidth="sm">
      <InstitutionForm key={openedAt} institution={institution} onClose={onClose} />
    </Dialog>
  );
}

function InstitutionForm({
  institution,
  onClose,
}: {
  institution: ParentInstitution | null;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(institutionForm),
    defaultValues: valuesOf(institution),
  });

  const save = useMutation({
    mutationFn: async (values: Output) => {
      if (!institution) return api.call(institutionsRoutes.postAccountsInstitutions, { body: values });
      const patch: Partial<Output> = {};
      if (values.name !== institution.name) patch.name = values.name;
      if (values.website !== institution.website) patch.website = values.website;
      if (values.routing_number !== institution.routing_number) patch.routing_number = values.routing_number;
      if (Object.keys(patch).length === 0) return institution;
      return api.call(institutionsRoutes.patchAccountsInstitution, {
        params: { parentInstitutionGuid: institution.guid },
        body: patch,
      });
    },
    onMutate: () => setFormError(null),
    onSuccess: async (saved) => {
      toast.success(institution ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: institutionsKey });
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, FIELDS)),
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <DialogTitle id="institution-dialog-title">
        {institution ? 'Edit institution' : 'Add institution'}
      </DialogTitle>
      <DialogContent>
        {formError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        ) : null}
        <FormTextField control={form.control} name="name" label="Name" autoFocus autoComplete="off" />
        <FormTextField
          control={form.control}
          name="website"
          label="Website"
          type="url"
          autoComplete="off"
          helperText="For example https://www.examplebank.com"
        />
        <FormTextField
          control={form.control}
          name="routing_number"
          label="Routing number"
          autoComplete="off"
          helperText="9 digits (ABA)."
          htmlInput={{ inputMode: 'numeric' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {institution ? 'Save changes' : 'Add institution'}
        </Button>
      </DialogActions>
    </Box>
  );
}
