import { createStaffUserRequest, orgTeamLabel, type StaffUser, staffRole, staffRoutes } from '@bp/contracts';
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
import { FieldRow } from '../settings/FieldRow.tsx';
import { apiErrorMessage, applyApiErrors } from '../shared/api-errors.ts';
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

const inviteForm = z.object({
  email: createStaffUserRequest.shape.email,
  first_name: createStaffUserRequest.shape.first_name,
  last_name: createStaffUserRequest.shape.last_name,
  role: staffRole,
  /** '' = no team label. */
  team_label: z.union([orgTeamLabel, z.literal('')]),
});
type Values = z.input<typeof inviteForm>;
type Output = z.output<typeof inviteForm>;
const FIELDS = ['email', 'first_name', 'last_name', 'role', 'team_label'] as const;

export const invitationSentMessage = (email: string) => `Invitation sent to ${email}.`;

interface InviteStaffDialogProps {
  orgGuid: string;
  open: boolean;
  onClose: () => void;
  /** The signed-in user's role in the organisation: only a super_admin may invite a super_admin. */
  callerRole: string | undefined;
}

/** Creates the staff member, then sends the invitation whose link sets their password. */
export function InviteStaffDialog({ orgGuid, open, onClose, callerRole }: InviteStaffDialogProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults: Values = { email: '', first_name: '', last_name: '', role: 'user', team_label: '' };
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(inviteForm),
    defaultValues: defaults,
  });

  const close = () => {
    form.reset(defaults);
    setFormError(null);
    onClose();
  };

  const invite = useMutation({
    mutationFn: async (values: Output) => {
      const created = await api.call(staffRoutes.postAccountsOrganizationUsers, {
        params: { orgGuid },
        body: { ...values, team_label: values.team_label === '' ? null : values.team_label },
      });
      try {
        await api.call(staffRoutes.postAccountsOrganizationUserSendStaffInvitation, {
          params: { orgGuid, userGuid: created.guid },
        });
      } catch (error) {
        throw new InvitationNotSent(created, error);
      }
      return created;
    },
    onMutate: () => setFormError(null),
    onSuccess: async (created) => {
      toast.success(invitationSentMessage(created.email));
      close();
      await queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) });
    },
    onError: async (error) => {
      if (error instanceof InvitationNotSent) {
        // The member exists now; the invitation can be resent from their page.
        toast.error(
          `${error.user.email} was added, but the invitation was not sent: ${apiErrorMessage(error.reason)} ` +
            'Resend it from their page.',
        );
        close();
        await queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) });
        return;
      }
      setFormError(applyApiErrors(error, form.setError, FIELDS));
    },
  });

  return (
    <Dialog
      open={open}
      onClose={() => !invite.isPending && close()}
      aria-labelledby="invite-staff-title"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
        <DialogTitle id="invite-staff-title">Invite staff member</DialogTitle>
        <DialogContent>
          {formError ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {formError}
            </Alert>
          ) : null}
          <FormTextField
            control={form.control}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="off"
            autoFocus
            helperText="The invitation goes to this address; they sign in with it."
          />
          <FieldRow>
            <FormTextField control={form.control} name="first_name" label="First name" autoComplete="off" />
            <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="off" />
          </FieldRow>
          <FieldRow>
            <FormSelectField
              control={form.control}
              name="role"
              label="Role"
              options={roleOptions(grantableRoles(callerRole))}
              helperText={ROLE_HELP}
            />
            <FormSelectField
              control={form.control}
              name="team_label"
              label="Team label"
              options={TEAM_LABEL_OPTIONS}
              emptyLabel="None"
              helperText={TEAM_LABEL_HELP}
            />
          </FieldRow>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            Send invitation
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

class InvitationNotSent extends Error {
  constructor(
    readonly user: StaffUser,
    readonly reason: unknown,
  ) {
    super('invitation not sent');
  }
}
