import { DEFAULT_PAGE_SIZE } from '@bp/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, QueryStates } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ConfirmActionDialog } from './ConfirmActionDialog.tsx';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import type { FieldSpec, FormValues } from './record-form.ts';
import {
  callDeclared,
  type ListSource,
  type PagedRoute,
  type ParamsOf,
  type RowOf,
  type WriteRoute,
} from './route-source.ts';
import { type ListQuery, useInvalidateList, usePagedList } from './usePagedList.ts';

/** The declared routes of one kind of record: its list, and the add, edit and delete of one row. */
export interface RecordRoutes<R extends PagedRoute<{ guid: string }>, K extends string> {
  list: ListSource<R>;
  create: WriteRoute<'POST', ParamsOf<R>>;
  update: WriteRoute<'PATCH', ParamsOf<R> & Record<K, string>>;
  remove: WriteRoute<'DELETE', ParamsOf<R> & Record<K, string>>;
  /** The path parameter of `update` and `remove` that names the row (its guid), e.g. `contactGuid`. */
  rowParam: K;
}

export interface RecordSectionProps<R extends PagedRoute<{ guid: string }>, K extends string> {
  title: string;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** One record, in lower case: 'contact', 'bank contact'. */
  noun: string;
  routes: RecordRoutes<R, K>;
  query?: ListQuery;
  columns: readonly DataColumn<RowOf<R>>[];
  fields: readonly FieldSpec[];
  createSchema: z.ZodType;
  patchSchema: z.ZodType;
  defaults?: Partial<FormValues>;
  /** What will be listed here once there is something. */
  emptyText: string;
  /** No add, edit or delete controls at all. */
  readOnly?: boolean;
  nameOf: (row: RowOf<R>) => string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A paged list of one kind of record with add, edit (only changed fields) and delete (confirmed). */
export function RecordSection<R extends PagedRoute<{ guid: string }>, K extends string>({
  title,
  headingLevel = 'h2',
  noun,
  routes,
  query = {},
  columns,
  fields,
  createSchema,
  patchSchema,
  defaults,
  emptyText,
  readOnly = false,
  nameOf,
}: RecordSectionProps<R, K>) {
  // A row of R: PagedRoute<{ guid: string }> makes it a record with a guid, which TS cannot see through
  // RowOf of a type parameter, so the list's rows are read as such once, below.
  type T = RowOf<R> & { guid: string } & Record<string, unknown>;
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<T | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const list = usePagedList(routes.list, { ...query, page: page + 1 });
  const rowParams = (row: T) => ({
    ...(routes.list.params as object | undefined),
    [routes.rowParam]: row.guid,
  });

  const rows = (list.data?.results ?? []) as T[];
  return (
    <Box component="section" sx={{ mb: 4, '&:last-child': { mb: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 2 }}>
        <Typography variant="h6" component={headingLevel} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {readOnly ? null : (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add {noun}
          </Button>
        )}
      </Box>
      <QueryStates
        query={list}
        loadingLabel={`Loading ${title.toLowerCase()}…`}
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={<EmptyState title={`No ${title.toLowerCase()} yet.`}>{emptyText}</EmptyState>}
      >
        {(data) => (
          <DataTable
            label={title}
            columns={columns}
            rowKey={(row) => row.guid}
            rows={rows}
            paging={{
              count: data.count,
              page: page,
              pageSize: DEFAULT_PAGE_SIZE,
              onPageChange: setPage,
            }}
            updating={list.isFetching}
            actions={
              readOnly
                ? undefined
                : (row) => (
                    <>
                      <Tooltip title="Edit">
                        <IconButton
                          aria-label={`Edit ${nameOf(row)}`}
                          size="small"
                          onClick={() => setEditing(row)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          aria-label={`Delete ${nameOf(row)}`}
                          size="small"
                          onClick={() => setDeleting(row)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )
            }
          />
        )}
      </QueryStates>
      {readOnly ? null : (
        <>
          <RecordFormDialog
            open={adding}
            title={`Add ${noun}`}
            fields={fields}
            schema={createSchema}
            item={null}
            defaults={defaults}
            submitLabel="Add"
            successMessage={`${capitalised(noun)} added.`}
            onSubmit={async (payload) => {
              await callDeclared(api, routes.create, { params: routes.list.params, body: payload });
              await invalidate(routes.list);
            }}
            onClose={() => setAdding(false)}
          />
          <RecordFormDialog
            open={editing !== null}
            title={`Edit ${noun}`}
            fields={fields}
            schema={patchSchema}
            item={editing}
            submitLabel="Save changes"
            successMessage={`${capitalised(noun)} updated.`}
            onSubmit={async (payload) => {
              if (!editing) return;
              await callDeclared(api, routes.update, { params: rowParams(editing), body: payload });
              await invalidate(routes.list);
            }}
            onClose={() => setEditing(null)}
          />
          <ConfirmActionDialog
            open={deleting !== null}
            title={`Delete ${deleting ? nameOf(deleting) : noun}?`}
            message={`The ${noun} will be removed for everyone. This cannot be undone.`}
            confirmLabel="Delete"
            successMessage={`${capitalised(noun)} deleted.`}
            onConfirm={async () => {
              if (!deleting) return;
              await callDeclared(api, routes.remove, { params: rowParams(deleting) });
              if (rows.length === 1 && page > 0) setPage(page - 1);
              await invalidate(routes.list);
            }}
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Box>
  );
}
