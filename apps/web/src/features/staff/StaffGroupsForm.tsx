import type { StaffUser } from '@bp/contracts';
import { groupsRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { groupsKey, useAllGroups } from '../groups/groups-api.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { staffKey } from './staff-api.ts';

type GroupRef = StaffUser['groups'][number];

const sameGroups = (a: readonly GroupRef[], b: readonly GroupRef[]) =>
  a.length === b.length && a.every((g) => b.some((h) => h.guid === g.guid));

/** The member's groups, chosen with a multi-select and saved as a whole. */
export function StaffGroupsForm({
  orgGuid,
  user,
  canManage,
}: {
  orgGuid: string;
  user: StaffUser;
  canManage: boolean;
}) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const groups = useAllGroups(orgGuid);
  const [chosen, setChosen] = useState<GroupRef[]>(user.groups);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (next: GroupRef[]) =>
      api.call(groupsRoutes.putAccountsOrganizationUserGroups, {
        params: { orgGuid, userGuid: user.guid },
        body: { groups: next.map((g) => g.guid) },
      }),
    onMutate: () => setError(null),
    onSuccess: async () => {
      toast.success('Groups saved.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKey(orgGuid) }),
        queryClient.invalidateQueries({ queryKey: groupsKey(orgGuid) }),
      ]);
    },
    onError: (failure) => setError(apiErrorMessage(failure)),
  });

  if (!canManage) {
    return user.groups.length === 0 ? (
      <Box sx={{ color: 'text.secondary' }}>Not in any group.</Box>
    ) : (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {user.groups.map((g) => (
          <Chip key={g.guid} label={g.name} />
        ))}
      </Box>
    );
  }

  const options: GroupRef[] = groups.data?.results.map((g) => ({ guid: g.guid, name: g.name })) ?? chosen;
  return (
    <Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Autocomplete<GroupRef, true>
        multiple
        id="staff-groups"
        options={options}
        value={chosen}
        onChange={(_event, next) => setChosen(next)}
        loading={groups.isPending}
        getOptionLabel={(g) => g.name}
        getOptionKey={(g) => g.guid}
        isOptionEqualToValue={(option, value) => option.guid === value.guid}
        filterSelectedOptions
        noOptionsText={groups.isError ? apiErrorMessage(groups.error) : 'No other groups'}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Groups"
            helperText="Members gain the permissions of each of their groups."
          />
        )}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          loading={save.isPending}
          disabled={sameGroups(chosen, user.groups)}
          onClick={() => save.mutate(chosen)}
        >
          Save groups
        </Button>
      </Box>
    </Box>
  );
}
