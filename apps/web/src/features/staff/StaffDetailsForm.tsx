import { orgTeamLabel, patchStaffUserRequest, type StaffUser, staffRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { FieldRow } from '../settings/FieldRow.tsx';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';
import { FormSelectField } from './FormSelectField.tsx';
import { staffKey } from './staff-api.ts';
import {
  grantableRoles,
  ROLE_HELP,
  roleOptions,
  TEAM_LABEL_HELP,
  TEAM_LABEL_OPTIONS,
} from './staff-labels.ts';

const detailsForm = z.object({
  first_name: patchStaffUserRequest.shape.first_name.unwrap(),
  last_name: patchStaffUserRequest.shape.last_name.unwrap(),
  role: z.string().min(1, 'Choose a role.'),
  team_label: z.union([orgTeamLabel, z.literal('')]),
});
type Values = z.input<typeof detailsForm>;
type Output = z.output<typeof detailsForm>;
const FIELDS = ['first_name', 'last_name', 'role', 'team_label'] as const;

const valuesOf = (user: StaffUser): Values => ({
  first_name: user.first_name,
  last_name: user.last_name,
  role: user.role,
  // The API only stores labels of the list; an unknown one shows as its raw value until changed.
  team_label: (user.team_label ?? '') as Values['team_label'],
});

interface StaffDetailsFormProps {
  orgGuid: string;
  user: StaffUser;
  canManage: boolean;
  callerRole: string | undefined;
}

/** Name, role and team label of a staff member; only the changed fields are sent. */
export function StaffDetailsForm({ orgGuid, user, canManage, callerRole }: StaffDetailsFormProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(detailsForm),
    defaultValues: valuesOf(user),
  });

  const save = useMutation({
    mutationFn: async (values: Output) => {
      const patch: Record<string, string | null> = {};
      if (values.first_name !== user.first_name) patch.first_name = values.first_name;
      if (values.last_name !== user.last_name) patch.last_name = values.last_name;
      if (values.role !== user.role) patch.role = values.role;
      const team = values.team_label === '' ? null : values.team_label;
      if (team !== user.team_label) patch.team_label = team;
      if (Object.keys(patch).length === 0) return user;
      return api.call(staffRoutes.patchAccountsOrganizationUser, {
        params: { orgGuid, userGuid: user.guid },
        body: patch,
      });
    },
    onMutate: () => setFormError(null),
    onSuccess: async (saved) => {
      form.reset(valuesOf(saved));
      toast.success('Changes saved.');
      await queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) });
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, FIELDS)),
  });

  // A role the caller may not grant (a super_admin seen by an admin) still shows as it is.
  const roles = grantableRoles(callerRole);
  const shownRoles = roles.includes(user.role) ? roles : [user.role, ...roles];
  const disabled = !canManage;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <FieldRow>
        <FormTextField control={form.control} name="first_name" label="First name" disabled={disabled} />
        <FormTextField control={form.control} name="last_name" label="Last name" disabled={disabled} />
      </FieldRow>
      <FieldRow>
        <FormSelectField
          control={form.control}
          name="role"
          label="Role"
          options={roleOptions(shownRoles)}
          helperText={ROLE_HELP}
          disabled={disabled}
        />
        <FormSelectField
          control={form.control}
          name="team_label"
          label="Team label"
          options={TEAM_LABEL_OPTIONS}
          emptyLabel="None"
          helperText={TEAM_LABEL_HELP}
          disabled={disabled}
        />
      </FieldRow>
      {canManage ? (
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
