import type { OrganizationDetail } from '@bp/contracts';
import { organizationsRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { organizationsQueryKey } from '../organizations/useOrganizations.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { FieldRow } from './FieldRow.tsx';
import {
  formValuesOf,
  ORG_SETTINGS_FIELDS,
  type OrgSettingsOutput,
  type OrgSettingsValues,
  organizationPatch,
  orgSettingsForm,
} from './org-settings-form.ts';
import { organizationDetailKey } from './useOrganizationDetail.ts';

interface OrgDetailsFormProps {
  org: OrganizationDetail;
  canEdit: boolean;
}

/** The organisation's details and policies; saving sends only the fields that changed. */
export function OrgDetailsForm({ org, canEdit }: OrgDetailsFormProps) {
  const { api, organizationUpdated } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<OrgSettingsValues, unknown, OrgSettingsOutput>({
    resolver: zodResolver(orgSettingsForm),
    defaultValues: formValuesOf(org),
  });

  const save = useMutation({
    mutationFn: async (values: OrgSettingsOutput) => {
      const patch = organizationPatch(org, values);
      if (Object.keys(patch).length === 0) return org;
      return api.call(organizationsRoutes.patchAccountsOrganization, {
        params: { orgGuid: org.guid },
        body: patch,
      });
    },
    onMutate: () => setFormError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organizationDetailKey(org.guid), saved);
      form.reset(formValuesOf(saved));
      // The header and the organisation switcher show the stored name: a rename shows there at once.
      organizationUpdated(saved);
      toast.success('Organization settings saved.');
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, ORG_SETTINGS_FIELDS)),
  });

  const disabled = !canEdit;
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <FormTextField control={form.control} name="name" label="Organization name" disabled={disabled} />
      <FieldRow>
        <FormTextField
          control={form.control}
          name="password_expiry_days"
          label="Password expiry (days)"
          disabled={disabled}
          helperText="Staff must choose a new password after this many days. Leave blank for never."
          htmlInput={{ inputMode: 'numeric' }}
        />
        <FormTextField
          control={form.control}
          name="client_property_default"
          label="Client property default"
          disabled={disabled}
          helperText="Used for new clients' properties; 0 when unset."
          htmlInput={{ inputMode: 'numeric' }}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField
          control={form.control}
          name="support_email"
          label="Support e-mail"
          type="email"
          disabled={disabled}
          helperText="Shown in help text to your clients and staff."
        />
        <FormTextField
          control={form.control}
          name="support_phone"
          label="Support phone"
          type="tel"
          disabled={disabled}
          helperText="A 10-digit US number."
        />
      </FieldRow>
      <Controller
        control={form.control}
        name="mfa_required"
        render={({ field }) => (
          <Box sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  disabled={disabled}
                />
              }
              label="Two-factor authentication required"
            />
            <FormHelperText sx={{ mt: 0 }}>
              Everyone in the organization is asked to set up two-factor authentication before continuing.
            </FormHelperText>
          </Box>
        )}
      />
      {canEdit ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={!form.formState.isDirty}
          >
            Save changes
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
