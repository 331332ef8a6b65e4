import { billsRoutes } from '@bp/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { NoteAddForm } from '../../shared/NoteAddForm.tsx';
import { NoteList } from '../../shared/NoteList.tsx';
import { billPartKey } from './api.ts';
import { Section } from './Section.tsx';
import { usePagedAll } from './usePagedAll.ts';

/** Staff-only notes on the bill (clients never see them): list, oldest first, and add. */
export function BillNotes({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const notes = usePagedAll('notes', { clientGuid, billGuid });
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
      <NoteAddForm
        add={(text) =>
          api.call(billsRoutes.postBillingClientBillNotes, {
            params: { clientGuid, billGuid },
            body: { body: text },
          })
        }
        onAdded={() =>
          queryClient.invalidateQueries({ queryKey: billPartKey(clientGuid, billGuid, 'notes') })
        }
      />
    </Section>
  );
}
