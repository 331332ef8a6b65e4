import { createEntityRequest, DEFAULT_PAGE_SIZE, type Entity, entitiesRoutes } from '@bp/contracts';
import {
  ENTITY_KIND_LABELS,
  ENTITY_KIND_VALUES,
  ENTITY_REFETCH_INTERVAL_MS,
  formatDate,
  labelOf,
  optionsOf,
} from '@bp/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, ErrorState, QueryStates } from '../../ui/index.ts';
import {
  type FieldSpec,
  listKey,
  orDash,
  payloadAs,
  RecordFormDialog,
  useInvalidateList,
  usePagedList,
} from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { EntityPanel, isEntitySection } from './EntityPanel.tsx';
import { entitiesList } from './entities-list.ts';
import { autoApproveCell, flaggedThresholdCell } from './entity-display.ts';

export const ENTITY_PARAM = 'entity';
export const ENTITY_SECTION_PARAM = 'section';

const addFields: FieldSpec[] = [
  {
    name: 'kind',
    label: 'Kind',
    kind: 'select',
    required: true,
    options: optionsOf(ENTITY_KIND_VALUES, ENTITY_KIND_LABELS),
  },
  {
    name: 'nickname',
    label: 'Nickname',
    kind: 'text',
    required: true,
    helperText: 'How the entity is called on bills, e.g. Harper Holdings LLC.',
  },
];
const ADD_DEFAULTS = { kind: 'legal_entity' };

const baseColumns: DataColumn<Entity>[] = [
  { key: 'kind', header: 'Kind', render: (row) => labelOf(ENTITY_KIND_LABELS, row.kind) },
  { key: 'corporate', header: 'Corporate ID', render: (row) => orDash(row.corporate_id) },
  { key: 'auto', header: 'Auto-approve', render: autoApproveCell },
  {
    key: 'pre',
    header: 'Client pre-approval',
    render: (row) =>
      flaggedThresholdCell(row.client_pre_approval_required, row.client_pre_approval_threshold),
  },
  {
    key: 'multi',
    header: 'Multiple approvers',
    render: (row) => flaggedThresholdCell(row.enable_multiple_approvers, row.multiple_approver_threshold),
  },
  { key: 'created', header: 'Created', render: (row) => formatDate(row.created_on) },
];

/**
 * A client's entities, refetched every 60 s while shown (SPEC.md §9). Staff open one to edit its settings
 * and books; `readOnly` lists them only.
 */
export function EntitiesTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const entities = entitiesList(clientGuid);
  const list = usePagedList(
    entities,
    { page: page + 1, ordering: 'nickname', ...(showArchived ? { archived: 'true' } : {}) },
    { refetchInterval: ENTITY_REFETCH_INTERVAL_MS },
  );

  const selectedGuid = readOnly ? null : searchParams.get(ENTITY_PARAM);
  const sectionParam = searchParams.get(ENTITY_SECTION_PARAM);
  const section = isEntitySection(sectionParam) ? sectionParam : 'settings';
  const fromList = list.data?.results.find((e) => e.guid === selectedGuid);
  // An entity opened from a link may be on another page of the list: read it on its own.
  const single = useQuery({
    queryKey: [...listKey(entities), 'one', selectedGuid],
    queryFn: ({ signal }) =>
      api.call(entitiesRoutes.getAccountsClientEntity, {
        params: { clientGuid, entityGuid: selectedGuid ?? '' },
        signal,
      }),
    enabled: selectedGuid !== null && list.isSuccess && !fromList,
  });
  const selected = fromList ?? single.data ?? null;

  const select = (entityGuid: string | null, nextSection = 'settings') =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (entityGuid) {
          next.set(ENTITY_PARAM, entityGuid);
          next.set(ENTITY_SECTION_PARAM, nextSection);
        } else {
          next.delete(ENTITY_PARAM);
          next.delete(ENTITY_SECTION_PARAM);
        }
        return next;
      },
      { replace: true },
    );

  const columns: DataColumn<Entity>[] = [
    {
      key: 'nickname',
      header: 'Nickname',
      render: (row) =>
        readOnly ? (
          row.nickname
        ) : (
          <Button
            variant="text"
            size="small"
            onClick={() => select(row.guid)}
            aria-label={`Open ${row.nickname}`}
            sx={{ textTransform: 'none', fontWeight: 600, px: 0.5, minWidth: 0 }}
          >
            {row.nickname}
          </Button>
        ),
    },
    ...baseColumns,
  ];

  const rows = list.data?.results ?? [];
  return (
    <Box component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Entities
        </Typography>
        {readOnly ? null : (
          <FormControlLabel
            label="Show archived"
            control={
              <Switch
                checked={showArchived}
                onChange={(event) => {
                  setShowArchived(event.target.checked);
                  setPage(0);
                }}
              />
            }
          />
        )}
        {readOnly ? null : (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add entity
          </Button>
        )}
      </Box>
      <QueryStates
        query={list}
        loadingLabel="Loading entities…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={
          showArchived ? (
            <EmptyState title="No archived entities." />
          ) : (
            <EmptyState title="No entities yet.">
              The legal entities and private individuals whose bills are paid will be listed here.
            </EmptyState>
          )
        }
      >
        {(data) => (
          <DataTable
            label="Entities"
            columns={columns}
            rowKey={(row) => row.guid}
            rows={rows}
            paging={{
              count: data.count,
              page: page,
              pageSize: DEFAULT_PAGE_SIZE,
              onPageChange: setPage,
            }}
            highlightedKey={selected?.guid ?? null}
          />
        )}
      </QueryStates>
      {!readOnly && selectedGuid && single.isError ? (
        <ErrorState message={apiErrorMessage(single.error)} onRetry={() => void single.refetch()} />
      ) : null}
      {!readOnly && selected ? (
        <EntityPanel
          clientGuid={clientGuid}
          entity={selected}
          section={section}
          onSectionChange={(next) => select(selected.guid, next)}
          onClose={() => select(null)}
        />
      ) : null}
      {readOnly ? null : (
        <RecordFormDialog
          open={adding}
          title="Add entity"
          fields={addFields}
          schema={createEntityRequest}
          item={null}
          defaults={ADD_DEFAULTS}
          submitLabel="Add"
          successMessage="Entity added."
          onSubmit={async (payload) => {
            const created = await api.call(entitiesRoutes.postAccountsClientEntities, {
              params: entities.params,
              body: payloadAs(createEntityRequest, payload),
            });
            await invalidate(entities);
            select(created.guid);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </Box>
  );
}
