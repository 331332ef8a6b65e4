import {
  type BankLine,
  type BooksReportName,
  booksFeederRoutes,
  booksReportsRoutes,
  type CreateFeederRuleRequest,
  type CreatePipelineRequest,
  type CreateTemplateRequest,
  type FeederAction,
  type FeederFilters,
} from '@bp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { BOOKS_KEY, type EntityBooks } from './books-api.ts';

/** A rule's filters as the editor sends them (the API fills the direction's default). */
export type FiltersInput = Partial<FeederFilters> & { direction?: FeederFilters['direction'] };

export function useBankLines(
  books: EntityBooks,
  query: { page: number; account?: string; status?: BankLine['status']; batch?: string },
) {
  const { api } = useSession();
  const q = { page_size: 20, ...query };
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'bank-lines', q],
    queryFn: ({ signal }) =>
      api.call(booksFeederRoutes.getBooksBankLines, { params: books, query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFeederRules(books: EntityBooks) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'feeder-rules'],
    queryFn: ({ signal }) => api.call(booksFeederRoutes.getBooksFeederRules, { params: books, signal }),
  });
}

export function useFeederBatches(books: EntityBooks) {
  const { api } = useSession();
  const query = { page: 1, page_size: 10 };
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'feeder-batches'],
    queryFn: ({ signal }) =>
      api.call(booksFeederRoutes.getBooksFeederBatches, { params: books, query, signal }),
  });
}

export function useTemplates(books: EntityBooks) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'templates'],
    queryFn: ({ signal }) => api.call(booksFeederRoutes.getBooksTemplates, { params: books, signal }),
  });
}

export function usePipelines(books: EntityBooks) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BOOKS_KEY, books, 'pipelines'],
    queryFn: ({ signal }) => api.call(booksFeederRoutes.getBooksPipelines, { params: books, signal }),
    // A run goes on the job runner: the list is read again each second while one is running.
    refetchInterval: (query) =>
      query.state.data?.results.some((p) => p.last_run?.status === 'running') ? 1000 : false,
  });
}

/** Writes of the feeder, templates and pipelines; each refreshes every books query when it succeeds. */
export function useFeederWrites(books: EntityBooks) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: BOOKS_KEY });
  const r = booksFeederRoutes;
  return {
    importCsv: useMutation({
      mutationFn: ({ accountGuid, csv }: { accountGuid: string; csv: string }) =>
        api.call(r.postBooksBankLinesImport, { params: { ...books, accountGuid }, body: { csv } }),
      onSuccess: refresh,
    }),
    categorize: useMutation({
      mutationFn: ({ bankLineGuid, action }: { bankLineGuid: string; action: FeederAction }) =>
        api.call(r.postBooksBankLineCategorize, { params: { ...books, bankLineGuid }, body: { action } }),
      onSuccess: refresh,
    }),
    uncategorize: useMutation({
      mutationFn: (bankLineGuid: string) =>
        api.call(r.postBooksBankLineUncategorize, { params: { ...books, bankLineGuid } }),
      onSuccess: refresh,
    }),
    preview: useMutation({
      mutationFn: (body: { filters: FiltersInput; action: FeederAction }) =>
        api.call(r.postBooksFeederRulePreview, { params: books, body: body as never }),
    }),
    createRule: useMutation({
      mutationFn: (body: CreateFeederRuleRequest) =>
        api.call(r.postBooksFeederRules, { params: books, body }),
      onSuccess: refresh,
    }),
    updateRule: useMutation({
      mutationFn: ({
        feederRuleGuid,
        body,
      }: {
        feederRuleGuid: string;
        body: Partial<CreateFeederRuleRequest>;
      }) => api.call(r.patchBooksFeederRule, { params: { ...books, feederRuleGuid }, body }),
      onSuccess: refresh,
    }),
    deleteRule: useMutation({
      mutationFn: (feederRuleGuid: string) =>
        api.call(r.deleteBooksFeederRule, { params: { ...books, feederRuleGuid } }),
      onSuccess: refresh,
    }),
    apply: useMutation({
      mutationFn: (rule?: string) =>
        api.call(r.postBooksFeederRulesApply, { params: books, body: rule ? { rule } : {} }),
      onSuccess: refresh,
    }),
    undo: useMutation({
      mutationFn: (batchGuid: string) =>
        api.call(r.postBooksFeederBatchUndo, { params: { ...books, batchGuid } }),
      onSuccess: refresh,
    }),
    createTemplate: useMutation({
      mutationFn: (body: CreateTemplateRequest) => api.call(r.postBooksTemplates, { params: books, body }),
      onSuccess: refresh,
    }),
    runTemplate: useMutation({
      mutationFn: ({ templateGuid, month }: { templateGuid: string; month: string }) =>
        api.call(r.postBooksTemplateRun, { params: { ...books, templateGuid }, body: { month } }),
      onSuccess: refresh,
    }),
    deleteTemplate: useMutation({
      mutationFn: (templateGuid: string) =>
        api.call(r.deleteBooksTemplate, { params: { ...books, templateGuid } }),
      onSuccess: refresh,
    }),
    createPipeline: useMutation({
      mutationFn: (body: CreatePipelineRequest) => api.call(r.postBooksPipelines, { params: books, body }),
      onSuccess: refresh,
    }),
    runPipeline: useMutation({
      mutationFn: ({ pipelineGuid, month }: { pipelineGuid: string; month: string }) =>
        api.call(r.postBooksPipelineRuns, { params: { ...books, pipelineGuid }, body: { month } }),
      onSuccess: refresh,
    }),
  };
}

/** Saves a file the API answered (a report's PDF or XLSX) under its name. */
export function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

export interface ExportAsk {
  report: BooksReportName;
  format: 'pdf' | 'xlsx';
  from?: string | undefined;
  to: string;
  compare_from?: string | undefined;
  compare_to?: string | undefined;
  account?: string | undefined;
}

/** Downloads a report as PDF or XLSX: one entity's, or (entityGuid '') the client's entities combined. */
export function useReportExport(clientGuid: string, entityGuid: string | null) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ report, format, ...rest }: ExportAsk) => {
      const query = Object.fromEntries(
        Object.entries({ format, ...rest }).filter(([, v]) => v !== undefined && v !== ''),
      ) as Record<string, string>;
      const file = entityGuid
        ? await api.call(booksReportsRoutes.getBooksReportExport, {
            params: { clientGuid, entityGuid, report },
            query: query as never,
          })
        : await api.call(booksReportsRoutes.getBooksClientReportExport, {
            params: { clientGuid, report },
            query: query as never,
          });
      saveFile(file.blob, `${report}-${rest.to}.${format}`);
    },
  });
}
