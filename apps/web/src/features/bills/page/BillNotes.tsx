import { billsRoutes } from '@bp/contracts';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, useToast } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { billPartKey } from './api.ts';
import { NoteList } from './NoteList.tsx';
import { Section } from './Section.tsx';
import { usePagedAll } from './usePagedAll.ts';

/** Staff-only notes on the bill (clients never see them): list, oldest first, and add. */
export function BillNotes({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const notes = usePagedAll(
    billPartKey(clientGuid, billGuid, 'notes'),
    'notes',
    { clientGuid, billGuid },
    { ordering: 'created_on' },
  );
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (text: string) =>
      api.call(billsRoutes.postBillingClientBillNotes, {
        params: { clientGuid, billGuid },
        body: { body: text },
      }),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      setBody('');
      toast.success('Note added.');
      await queryClient.invalidateQueries({ queryKey: billPartKey(clientGuid, billGuid, 'notes') });
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });
  const blank = body.trim() === '';
  const now = Date.now();

  return (
    <Section title="Notes">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        Only your team sees notes.
      </Typography>
      {notes.isPending ? (
        <LoadingState label="Loading notes…" />
      ) : notes.isError ? (
        <ErrorState message={apiErrorMessage(notes.error)} onRetry={() => void notes.refetch()} />
      ) : notes.items.length === 0 ? (
        <EmptyState title="No notes yet." />
      ) : (
        <>
          <NoteList notes={notes.items} now={now} />
          {notes.hasNextPage ? (
            <Button onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage}>
              Show more notes
            </Button>
          ) : null}
        </>
      )}
      <Box
        component="form"
        noValidate
        sx={{ mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) add.mutate(body.trim());
        }}
      >
        <TextField
          id={`${id}-note`}
          label="New note"
          multiline
          minRows={2}
          fullWidth
          value={body}
          onChange={(event) => setBody(event.target.value)}
          disabled={add.isPending}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        {problem ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="outlined" disabled={blank} loading={add.isPending}>
            Add note
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
