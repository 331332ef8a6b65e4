import { type Entity, entitiesRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { useInvalidateList } from '../client-records/index.ts';
import { apiErrorMessage, applyApiErrors } from '../shared/api-errors.ts';
import { entitiesList } from './entities-list.ts';
import {
  type EntitySettingsPayload,
  type EntitySettingsValues,
  entitySettingsForm,
  entitySettingsResolver,
} from './entity-settings.ts';
import { SettingsSwitch } from './SettingsSwitch.tsx';
import { SettingsTextField } from './SettingsTextField.tsx';

const FIELDS = [
  'nickname',
  'corporate_id',
  'allowable_payment_threshold',
  'client_pre_approval_required',
  'client_pre_approval_threshold',
  'enable_multiple_approvers',
  'multiple_approver_threshold',
  'minimum_account_balance',
  'filing_date',
  'is_qbo_class',
  'is_quickbooks_required',
] as const;

const ARCHIVED_ENTITY_NOTICE = 'Unarchive this entity to change its settings.';

/**
 * An entity's settings; Save sends only the fields that changed (SPEC.md §5). An archived entity's settings
 * are read-only (the API refuses changes with 409) until it is unarchived.
 */
export function EntitySettingsForm({ entity, clientGuid }: { entity: Entity; clientGuid: string }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateList();
  const [formError, setFormError] = useState<string | null>(null);
  // What the server holds: the baseline of "changed", moved forward after each save.
  const saved = useRef(entity);
  const form = useForm<EntitySettingsValues, unknown, Partial<EntitySettingsPayload>>({
    defaultValues: entitySettingsForm(entity),
    resolver: entitySettingsResolver(() => saved.current),
  });
  const [autoApprove, preApproval, multipleApprovers] = useWatch({
    control: form.control,
    name: ['auto_approve', 'client_pre_approval_required', 'enable_multiple_approvers'],
  });

  const save = useMutation({
    mutationFn: (patch: Partial<EntitySettingsPayload>) =>
      api.call(entitiesRoutes.patchAccountsClientEntity, {
        params: { clientGuid, entityGuid: saved.current.guid },
        body: patch,
      }),
    onMutate: () => setFormError(null),
    onSuccess: async (updated) => {
      saved.current = updated;
      form.reset(entitySettingsForm(updated));
      toast.success('Entity settings saved.');
      await invalidate(entitiesList(clientGuid));
    },
    onError: (error) => {
      toast.error(`The settings were not saved. ${apiErrorMessage(error)}`);
      setFormError(applyApiErrors(error, form.setError, FIELDS));
    },
  });

  const readOnly = entity.archived;
  const submit = form.handleSubmit((patch) => {
    if (readOnly) return;
    if (Object.keys(patch).length === 0) {
      toast.info('Nothing changed.');
      return;
    }
    save.mutate(patch);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Entity settings">
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          This entity is archived. {ARCHIVED_ENTITY_NOTICE}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField control={form.control} name="nickname" label="Nickname" disabled={readOnly} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="corporate_id"
            label="Corporate ID"
            disabled={readOnly}
          />
        </Grid>
      </Grid>

      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        Approvals
      </Typography>
      <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsSwitch
            control={form.control}
            name="auto_approve"
            label="Auto-approve"
            helperText="Bills from a commitment within the threshold of the expected amount skip client approval."
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="allowable_payment_threshold"
            label="Allowable payment threshold (%)"
            unit="%"
            disabled={readOnly || !autoApprove}
            helperText={autoApprove ? 'Up to 3 decimals, e.g. 5.5.' : 'Turn on auto-approve to set it.'}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsSwitch
            control={form.control}
            name="client_pre_approval_required"
            label="Client pre-approval required"
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="client_pre_approval_threshold"
            label="Pre-approval threshold ($)"
            unit="$"
            disabled={readOnly || !preApproval}
            helperText={preApproval ? 'Bills above it need pre-approval; blank means every bill.' : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsSwitch
            control={form.control}
            name="enable_multiple_approvers"
            label="Multiple approvers"
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="multiple_approver_threshold"
            label="Multiple approver threshold ($)"
            unit="$"
            disabled={readOnly || !multipleApprovers}
            helperText={multipleApprovers ? 'Bills above it need a second client approver.' : undefined}
          />
        </Grid>
      </Grid>

      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        Books
      </Typography>
      <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="minimum_account_balance"
            label="Minimum account balance ($)"
            unit="$"
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsTextField
            control={form.control}
            name="filing_date"
            label="Filing date"
            type="date"
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsSwitch control={form.control} name="is_qbo_class" label="QBO class" disabled={readOnly} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SettingsSwitch
            control={form.control}
            name="is_quickbooks_required"
            label="QuickBooks required"
            disabled={readOnly}
          />
        </Grid>
      </Grid>

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button
          onClick={() => form.reset(entitySettingsForm(saved.current))}
          disabled={readOnly || !form.formState.isDirty || save.isPending}
        >
          Discard changes
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={readOnly || !form.formState.isDirty}
        >
          Save settings
        </Button>
      </Stack>
    </Box>
  );
}
