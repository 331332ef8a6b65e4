import {
  booksRoutes,
  type CreateBookAccountRequest,
  type CreateJournalRequest,
  MAX_PAGE_SIZE,
} from '@bp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

/** Every books query starts with this key, so one invalidation after a write refreshes them all. */
export const BOOKS_KEY = ['books'] as const;

export interface EntityBooks {
  clientGuid: string;
  entityGuid: string;
}

export function useAccountTypes() {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, 'account-types'],
    queryFn: ({ signal }) => api.call(booksRoutes.getBooksAccountTypes, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The entity's accounts (up to 100: a chart of accounts of a family-office entity stays below). */
export function useBookAccounts(books: EntityBooks) {
  const { api } = useSession();
  const query = { page: 1, page_size: MAX_PAGE_SIZE };
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'accounts'],
    queryFn: ({ signal }) => api.call(booksRoutes.getBooksAccounts, { params: books, query, signal }),
  });
}

export function useJournals(books: EntityBooks, page: number) {
  const { api } = useSession();
  const query = { page, page_size: 20 };
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'journals', query],
    queryFn: ({ signal }) => api.call(booksRoutes.getBooksJournals, { params: books, query, signal }),
  });
}

export function useTrialBalance(books: EntityBooks, to: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'trial', to],
    queryFn: ({ signal }) =>
      api.call(booksRoutes.getBooksTrialBalance, { params: books, query: { to }, signal }),
  });
}

export function useBalanceSheet(books: EntityBooks, to: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'balance', to],
    queryFn: ({ signal }) =>
      api.call(booksRoutes.getBooksBalanceSheet, { params: books, query: { to }, signal }),
  });
}

/** Writes that change the books, each refreshing every books query once it succeeds. */
export function useBooksWrites(books: EntityBooks) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: BOOKS_KEY });
  return {
    createAccount: useMutation({
      mutationFn: (body: CreateBookAccountRequest) =>
        api.call(booksRoutes.postBooksAccounts, { params: books, body }),
      onSuccess: refresh,
    }),
    postJournal: useMutation({
      mutationFn: (body: CreateJournalRequest) =>
        api.call(booksRoutes.postBooksJournals, { params: books, body }),
      onSuccess: refresh,
    }),
    reverse: useMutation({
      mutationFn: (entryGuid: string) =>
        api.call(booksRoutes.postBooksJournalReverse, { params: { ...books, entryGuid }, body: {} }),
      onSuccess: refresh,
    }),
  };
}

/** Downloads a report as XLSX. */
export function useReportDownload(books: EntityBooks) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ report, to }: { report: 'trial' | 'balance'; to: string }) => {
      const route =
        report === 'trial' ? booksRoutes.getBooksTrialBalanceXlsx : booksRoutes.getBooksBalanceSheetXlsx;
      const file = await api.call(route, { params: books, query: { to } });
      const href = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `${report === 'trial' ? 'trial-balance' : 'balance-sheet'}-${to}.xlsx`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(href);
    },
  });
}
