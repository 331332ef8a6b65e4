import { createGroupRequest, type Group, groupsRoutes, type PermissionCatalogue } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { groupsKey } from './groups-api.ts';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import { samePermissions } from './permission-areas.ts';

const groupForm = z.object({
  name: createGroupRequest.shape.name,
  description: z.string().trim().max(500, 'Keep the description under 500 characters.'),
  permissions: z.array(z.string()),
});
type Values = z.input<typeof groupForm>;
type Output = z.output<typeof groupForm>;

const FIELDS = ['name', 'description', 'permissions'] as const;

interface GroupDetailsFormProps {
  orgGuid: string;
  catalogue: PermissionCatalogue;
  /** The group being edited; absent when creating one. */
  group?: Group;
  canManage: boolean;
  onCreated?: (group: Group) => void;
}

/**
 * Name, description and permissions of a group. Creating sends all three; saving an existing group
 * sends only what changed: the changed names (PATCH) and, if they changed, the permissions (PUT).
 */
export function GroupDetailsForm({ orgGuid, catalogue, group, canManage, onCreated }: GroupDetailsFormProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(groupForm),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      permissions: group?.permissions ?? [],
    },
  });

  const save = useMutation({
    mutationFn: async (values: Output): Promise<Group | null> => {
      if (!group)
        return api.call(groupsRoutes.postAccountsOrganizationGroups, { params: { orgGuid }, body: values });
      const params = { orgGuid, groupGuid: group.guid };
      const patch: { name?: string; description?: string } = {};
      if (values.name !== group.name) patch.name = values.name;
      if (values.description !== group.description) patch.description = values.description;
      if (Object.keys(patch).length > 0)
        await api.call(groupsRoutes.patchAccountsOrganizationGroup, { params, body: patch });
      if (!samePermissions(values.permissions, group.permissions)) {
        await api.call(groupsRoutes.putAccountsOrganizationGroupPermissions, {
          params,
          body: { permissions: values.permissions },
        });
      }
      return null;
    },
    onMutate: () => setFormError(null),
    onSuccess: async (created, values) => {
      await queryClient.invalidateQueries({ queryKey: groupsKey(orgGuid) });
      if (created) {
        toast.success(`Group ${created.name} created.`);
        onCreated?.(created);
      } else {
        form.reset(values);
        toast.success('Group saved.');
      }
    },
    onError: async (error) => {
      // A name saved before the permissions failed is still saved: show what the server now holds.
      if (group) await queryClient.invalidateQueries({ queryKey: groupsKey(orgGuid) });
      setFormError(applyApiErrors(error, form.setError, FIELDS));
    },
  });

  const grantable = useMemo(() => new Set<string>(catalogue.effective_permissions), [catalogue]);
  const readOnly = !canManage;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <FormTextField
        control={form.control}
        name="name"
        label="Group name"
        disabled={readOnly}
        autoFocus={!group}
      />
      <FormTextField
        control={form.control}
        name="description"
        label="Description"
        disabled={readOnly}
        helperText="What the group is for, so others know whom to add."
      />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Permissions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Members gain these on top of what their role and team level give them.
      </Typography>
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => (
          <PermissionChecklist
            catalogue={catalogue.catalogue}
            value={field.value}
            onChange={field.onChange}
            grantable={grantable}
            disabled={readOnly}
          />
        )}
      />
      {canManage ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={group !== undefined && !form.formState.isDirty}
          >
            {group ? 'Save changes' : 'Create group'}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
