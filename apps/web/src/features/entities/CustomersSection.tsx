import { type Customer, createCustomerRequest, entitiesRoutes, patchCustomerRequest } from '@bp/contracts';
import type { DataColumn } from '../../ui/index.ts';
import { type FieldSpec, orDash, phoneCell, RecordSection } from '../client-records/index.ts';
import type { BookSectionProps } from './book-props.ts';

const columns: DataColumn<Customer>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'email', header: 'E-mail', render: (row) => orDash(row.email) },
  { key: 'phone', header: 'Phone', render: (row) => phoneCell(row.phone) },
];
const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'email', label: 'E-mail', kind: 'email', half: true },
  { name: 'phone', label: 'Phone', kind: 'phone', half: true, helperText: 'US number, 10 digits.' },
];

/** Who pays the entity (tenants, for instance). */
export function CustomersSection({ clientGuid, entityGuid, readOnly }: BookSectionProps) {
  return (
    <RecordSection
      title="Customers"
      headingLevel="h4"
      noun="customer"
      routes={{
        list: { route: entitiesRoutes.getBillingClientEntityCustomers, params: { clientGuid, entityGuid } },
        create: entitiesRoutes.postBillingClientEntityCustomers,
        update: entitiesRoutes.patchBillingClientEntityCustomer,
        remove: entitiesRoutes.deleteBillingClientEntityCustomer,
        rowParam: 'customerGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createCustomerRequest}
      patchSchema={patchCustomerRequest}
      emptyText="People and companies who pay this entity (tenants, for instance) will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
