import { createDivisionRequest, type Division, entitiesRoutes, patchDivisionRequest } from '@bp/contracts';
import type { DataColumn } from '../../ui/index.ts';
import { type FieldSpec, RecordSection } from '../client-records/index.ts';
import { type BookSectionProps, yesNo } from './book-props.ts';

const columns: DataColumn<Division>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'active', header: 'Active', render: (row) => yesNo(row.is_active) },
];
const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'is_active', label: 'Active', kind: 'checkbox' },
];
const DEFAULTS = { is_active: true };

/** Divisions of an entity (a residence, a business line) that bill lines are split by. */
export function DivisionsSection({ clientGuid, entityGuid, readOnly }: BookSectionProps) {
  return (
    <RecordSection
      title="Divisions"
      headingLevel="h4"
      noun="division"
      routes={{
        list: { route: entitiesRoutes.getBillingClientEntityDivisions, params: { clientGuid, entityGuid } },
        create: entitiesRoutes.postBillingClientEntityDivisions,
        update: entitiesRoutes.patchBillingClientEntityDivision,
        remove: entitiesRoutes.deleteBillingClientEntityDivision,
        rowParam: 'divisionGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createDivisionRequest}
      patchSchema={patchDivisionRequest}
      defaults={DEFAULTS}
      emptyText="Parts of this entity that bills are split by (a residence, a business line) will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
