import {
  clientRecordsRoutes,
  createPropertyRequest,
  entitiesRoutes,
  type Property,
  patchPropertyRequest,
} from '@bp/contracts';
import { labelOf, optionsOf, PROPERTY_KIND_LABELS, PROPERTY_KIND_VALUES } from '@bp/domain';
import { useMemo } from 'react';
import type { DataColumn } from '../../ui/index.ts';
import { NO_VALUE, placeOf } from './display.ts';
import { RecordSection } from './RecordSection.tsx';
import type { FieldSpec } from './record-form.ts';
import { useChoices } from './usePagedList.ts';

const DEFAULTS = { kind: 'primary' };

/** A client's real estate (kinds rental, primary, vacation, secondary, other). */
export function PropertiesTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const entityRows = entities.data?.results;

  const columns = useMemo<DataColumn<Property>[]>(() => {
    const nickname = new Map((entityRows ?? []).map((e) => [e.guid, e.nickname]));
    return [
      { key: 'name', header: 'Name', render: (row) => row.name },
      { key: 'kind', header: 'Kind', render: (row) => labelOf(PROPERTY_KIND_LABELS, row.kind) },
      { key: 'place', header: 'Location', render: placeOf },
      {
        key: 'entity',
        header: 'Entity',
        render: (row) => (row.entity ? (nickname.get(row.entity) ?? NO_VALUE) : NO_VALUE),
      },
    ];
  }, [entityRows]);

  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        required: true,
        options: optionsOf(PROPERTY_KIND_VALUES, PROPERTY_KIND_LABELS),
        half: true,
      },
      {
        name: 'entity',
        label: 'Owning entity',
        kind: 'select',
        options: (entityRows ?? []).map((e) => ({ value: e.guid, label: e.nickname })),
        half: true,
      },
      { name: 'addr1', label: 'Address line 1', kind: 'text', autoComplete: 'address-line1' },
      { name: 'addr2', label: 'Address line 2', kind: 'text', autoComplete: 'address-line2' },
      { name: 'city', label: 'City', kind: 'text', half: true },
      { name: 'state', label: 'State', kind: 'text', half: true },
      { name: 'postal_code', label: 'Postal code', kind: 'text', half: true },
      { name: 'country', label: 'Country', kind: 'text', half: true },
    ],
    [entityRows],
  );

  return (
    <RecordSection
      title="Properties"
      noun="property"
      routes={{
        list: { route: clientRecordsRoutes.getAccountsClientProperties, params: { clientGuid } },
        create: clientRecordsRoutes.postAccountsClientProperties,
        update: clientRecordsRoutes.patchAccountsClientProperty,
        remove: clientRecordsRoutes.deleteAccountsClientProperty,
        rowParam: 'propertyGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createPropertyRequest}
      patchSchema={patchPropertyRequest}
      defaults={DEFAULTS}
      emptyText="Homes and rentals of this client (rental, primary, vacation, secondary) will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
