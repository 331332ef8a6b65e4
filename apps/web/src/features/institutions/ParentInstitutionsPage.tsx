import type { ParentInstitution } from '@bp/contracts';
import { institutionsRoutes } from '@bp/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { isInternalStaff } from '../../session/user-kind.ts';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  PageTitle,
  QueryStates,
  SearchField,
  useConfirmTarget,
  useToast,
} from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { useDebouncedValue } from '../shared/useDebouncedValue.ts';
import { InstitutionDialog } from './InstitutionDialog.tsx';
import { INSTITUTIONS_PAGE_SIZE, institutionsKey, useInstitutions } from './institutions-api.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /parent-institutions (admins only; the route rules send others home): the shared bank list. It belongs
 * to no organisation, so only internal staff, not masked, see the controls that change it (decision 014).
 */
export function ParentInstitutionsPage() {
  const { api, claims, isMasked } = useSession();
  const canEdit = isInternalStaff(claims) && !isMasked;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{
    open: boolean;
    institution: ParentInstitution | null;
    openedAt: number;
  }>({ open: false, institution: null, openedAt: 0 });
  const openDialog = (institution: ParentInstitution | null) =>
    setEditing((current) => ({ open: true, institution, openedAt: current.openedAt + 1 }));
  const deleting = useConfirmTarget<ParentInstitution>();
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const institutions = useInstitutions(page + 1, debouncedSearch);

  const remove = useMutation({
    mutationFn: (institution: ParentInstitution) =>
      api.call(institutionsRoutes.deleteAccountsInstitution, {
        params: { parentInstitutionGuid: institution.guid },
      }),
    onSuccess: async (_result, institution) => {
      deleting.close();
      toast.success(`${institution.name} deleted.`);
      await queryClient.invalidateQueries({ queryKey: institutionsKey });
    },
    // 409 when clients still use it: the API says so, and nothing changed.
    onError: (error) => {
      deleting.close();
      toast.error(apiErrorMessage(error));
    },
  });

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle
        actions={
          canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
              Add institution
            </Button>
          ) : undefined
        }
      >
        Parent Institutions
      </PageTitle>
      <PageIntro>
        The banks and brokers your clients' accounts are held at, shared by every organization.
        {canEdit
          ? null
          : ' The platform team keeps this list: ask them to add an institution or correct its details.'}
      </PageIntro>
      <SearchField
        id="institution-search"
        label="Search institutions"
        placeholder="Name or routing number"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
        fullWidth
        sx={{ mb: 2, maxWidth: 420 }}
      />
      <QueryStates
        query={institutions}
        loadingLabel="Loading institutions…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            title={debouncedSearch ? 'No institutions match your search.' : 'No institutions yet.'}
          />
        }
      >
        {(data) => (
          <DataTable
            label="Institutions"
            columns={[
              {
                key: 'name',
                header: 'Name',
                render: (institution) => (
                  <>
                    {institution.name}
                    {institution.is_active ? null : <Chip label="Inactive" size="small" sx={{ ml: 1 }} />}
                  </>
                ),
              },
              {
                key: 'website',
                header: 'Website',
                render: (institution) =>
                  institution.website ? (
                    <Link href={institution.website} target="_blank" rel="noopener noreferrer">
                      {institution.website.replace(/^https?:\/\//, '')}
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'routing',
                header: 'Routing number',
                render: (institution) => institution.routing_number ?? '—',
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      header: 'Actions',
                      align: 'right' as const,
                      render: (institution: ParentInstitution) => (
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            onClick={() => openDialog(institution)}
                            aria-label={`Edit ${institution.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => deleting.ask(institution)}
                            aria-label={`Delete ${institution.name}`}
                          >
                            Delete
                          </Button>
                        </Stack>
                      ),
                    },
                  ]
                : []),
            ]}
            rows={data.results}
            rowKey={(institution) => institution.guid}
            paging={{ count: data.count, page, pageSize: INSTITUTIONS_PAGE_SIZE, onPageChange: setPage }}
            updating={institutions.isFetching}
          />
        )}
      </QueryStates>
      <InstitutionDialog
        open={canEdit && editing.open}
        institution={editing.institution}
        openedAt={editing.openedAt}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={canEdit && deleting.open}
        title={`Delete ${deleting.target?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting.target && remove.mutate(deleting.target)}
        onClose={deleting.close}
      >
        It is removed from the shared list for every organization. An institution still used by a client's
        accounts cannot be deleted.
      </ConfirmDialog>
    </Box>
  );
}
