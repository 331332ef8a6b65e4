import { type Contact, clientRecordsRoutes, createContactRequest, patchContactRequest } from '@bp/contracts';
import type { DataColumn } from '../../ui/index.ts';
import { orDash, phoneCell } from './display.ts';
import { RecordSection } from './RecordSection.tsx';
import type { FieldSpec } from './record-form.ts';

const columns: DataColumn<Contact>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'email', header: 'E-mail', render: (row) => orDash(row.email_address) },
  { key: 'phone', header: 'Phone', render: (row) => phoneCell(row.phone) },
  { key: 'relation', header: 'Relation', render: (row) => orDash(row.relation) },
];

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'email_address', label: 'E-mail', kind: 'email', half: true },
  { name: 'phone', label: 'Phone', kind: 'phone', half: true, helperText: 'US number, 10 digits.' },
  { name: 'relation', label: 'Relation', kind: 'text', helperText: 'For example CPA, attorney, sister.' },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

/** People around a client who are not app users. */
export function ContactsTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  return (
    <RecordSection
      title="Contacts"
      noun="contact"
      routes={{
        list: { route: clientRecordsRoutes.getAccountsClientContacts, params: { clientGuid } },
        create: clientRecordsRoutes.postAccountsClientContacts,
        update: clientRecordsRoutes.patchAccountsClientContact,
        remove: clientRecordsRoutes.deleteAccountsClientContact,
        rowParam: 'contactGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createContactRequest}
      patchSchema={patchContactRequest}
      emptyText="Accountants, attorneys and family members to reach about this client will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.name}
    />
  );
}
