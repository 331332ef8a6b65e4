import { booksRoutes } from '@bp/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { errorMessageOf, useToast } from '../../ui/index.ts';
import { BOOKS_KEY } from './books-api.ts';

/**
 * The client's ledger-posting setting (decision 030): when on, bills approved to payment and paid post to
 * the books of their entity. Off by default; staff who keep the books turn it on.
 */
export function LedgerPostingSwitch({ clientGuid }: { clientGuid: string }) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: [...BOOKS_KEY, clientGuid, 'settings'],
    queryFn: ({ signal }) => api.call(booksRoutes.getBooksClientSettings, { params: { clientGuid }, signal }),
  });
  const save = useMutation({
    mutationFn: (ledger_posting: boolean) =>
      api.call(booksRoutes.putBooksClientSettings, { params: { clientGuid }, body: { ledger_posting } }),
    onSuccess: (next) => {
      queryClient.setQueryData([...BOOKS_KEY, clientGuid, 'settings'], next);
      toast.success(
        next.ledger_posting ? 'Bills now post to the books.' : 'Bills no longer post to the books.',
      );
    },
    onError: (error) => toast.error(errorMessageOf(error)),
  });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={settings.data?.ledger_posting ?? false}
          disabled={!settings.isSuccess}
          onChange={(e) => save.mutate(e.target.checked)}
        />
      }
      label="Post bills to the books when approved and paid"
    />
  );
}
