import { patchUserRequest, type UserProfile, usersRoutes } from '@bp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormTextField } from '../shared/FormTextField.tsx';

const nameForm = patchUserRequest.required();
type Values = z.input<typeof nameForm>;
type Patch = z.output<typeof patchUserRequest>;

/** First and last name; only the changed names are sent (SPEC.md §5). */
export function ProfileNameForm({ profile }: { profile: UserProfile }) {
  const session = useSession();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof nameForm>>({
    resolver: zodResolver(nameForm),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name },
  });

  const save = useMutation({
    mutationFn: async (values: z.output<typeof nameForm>) => {
      const patch: Patch = {};
      if (values.first_name !== profile.first_name) patch.first_name = values.first_name;
      if (values.last_name !== profile.last_name) patch.last_name = values.last_name;
      await session.api.call(usersRoutes.patchAuthUser, { params: { guid: profile.guid }, body: patch });
      await session.refreshProfile();
      return values;
    },
    onMutate: () => setFormError(null),
    onSuccess: (values) => {
      form.reset(values);
      toast.success('Profile updated.');
    },
    onError: (error) => setFormError(applyApiErrors(error, form.setError, ['first_name', 'last_name'])),
  });

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
        <FormTextField
          control={form.control}
          name="first_name"
          label="First name"
          autoComplete="given-name"
          autoFocus
        />
        <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
      </Stack>
      <TextField
        id="field-email"
        label="E-mail"
        value={profile.email}
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="To change your e-mail address, contact your provider team."
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={!form.formState.isDirty}>
          Save changes
        </Button>
      </Box>
    </Box>
  );
}
