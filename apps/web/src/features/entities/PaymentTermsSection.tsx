import {
  createPaymentTermRequest,
  entitiesRoutes,
  type PaymentTerm,
  patchPaymentTermRequest,
} from '@bp/contracts';
import type { DataColumn } from '../../ui/index.ts';
import { type FieldSpec, RecordSection } from '../client-records/index.ts';
import type { BookSectionProps } from './book-props.ts';

const columns: DataColumn<PaymentTerm>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'due', header: 'Due in (days)', align: 'right', render: (row) => row.due_days },
];
const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, helperText: 'For example Net 30.' },
  {
    name: 'due_days',
    label: 'Due in (days)',
    kind: 'integer',
    required: true,
    helperText: 'Days from the invoice date, 0 to 365.',
  },
];

/** When the entity's bills fall due (Net 30, Due on receipt). */
export function PaymentTermsSection({ clientGuid, entityGuid, readOnly }: BookSectionProps) {
  return (
    <RecordSection
      title="Payment terms"
      headingLevel="h4"
      noun="payment term"
      routes={{
        list: {
          route: entitiesRoutes.getBillingClientEntityPaymentTerms,
          params: { clientGuid, entityGuid },
        },
        create: entitiesRoutes.postBillingClientEntityPaymentTerms,
        update: entitiesRoutes.patchBillingClientEntityPaymentTerm,
        remove: entitiesRoutes.deleteBillingClientEntityPaymentTerm,
        rowParam: 'paymentTermGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createPaymentTermRequest}
      patchSchema={patchPaymentTermRequest}
      emptyText="Terms such as Net 30 or Due on receipt, used to work out due dates, will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
