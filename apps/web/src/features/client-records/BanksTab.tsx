import {
  type BankContact,
  type ClientInstitution,
  clientRecordsRoutes,
  createBankContactRequest,
  createInstitutionRequest,
  institutionsRoutes,
  patchBankContactRequest,
  patchInstitutionRequest,
} from '@bp/contracts';
import { useMemo } from 'react';
import type { DataColumn } from '../../ui/index.ts';
import { NO_VALUE, orDash, phoneCell } from './display.ts';
import { RecordSection } from './RecordSection.tsx';
import type { FieldSpec } from './record-form.ts';
import { useChoices } from './usePagedList.ts';

const lastFour = (value: string | null) => (value ? `•••• ${value}` : NO_VALUE);

/** A client's accounts at institutions, and whom to call at each bank. */
export function BanksTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  // The shared list of banks and brokers (SPEC.md §7) that an account belongs to.
  const parents = useChoices({ route: institutionsRoutes.getAccountsInstitutions }, { enabled: !readOnly });
  const institutionsList = {
    route: clientRecordsRoutes.getAccountsClientInstitutions,
    params: { clientGuid },
  };
  const institutions = useChoices(institutionsList);
  const parentRows = parents.data?.results;
  const institutionRows = institutions.data?.results;

  const institutionFields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'Account name', kind: 'text', required: true },
      {
        name: 'account_last4',
        label: 'Last 4 digits',
        kind: 'text',
        half: true,
        helperText: 'Only the last 4 digits of the account number.',
      },
      {
        name: 'parent_institution',
        label: 'Institution',
        kind: 'select',
        half: true,
        options: (parentRows ?? []).map((p) => ({ value: p.guid, label: p.name })),
      },
    ],
    [parentRows],
  );

  const contactColumns = useMemo<DataColumn<BankContact>[]>(() => {
    const names = new Map((institutionRows ?? []).map((i) => [i.guid, i.name]));
    return [
      { key: 'name', header: 'Name', render: (row) => row.name },
      { key: 'title', header: 'Title', render: (row) => orDash(row.title) },
      { key: 'email', header: 'E-mail', render: (row) => orDash(row.email) },
      { key: 'phone', header: 'Phone', render: (row) => phoneCell(row.phone) },
      {
        key: 'institution',
        header: 'Account',
        render: (row) => (row.institution ? (names.get(row.institution) ?? NO_VALUE) : NO_VALUE),
      },
    ];
  }, [institutionRows]);

  const contactFields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'email', label: 'E-mail', kind: 'email', half: true },
      { name: 'phone', label: 'Phone', kind: 'phone', half: true, helperText: 'US number, 10 digits.' },
      {
        name: 'institution',
        label: 'Account',
        kind: 'select',
        options: (institutionRows ?? []).map((i) => ({ value: i.guid, label: i.name })),
      },
    ],
    [institutionRows],
  );

  return (
    <>
      <RecordSection
        title="Bank accounts"
        noun="bank account"
        routes={{
          list: institutionsList,
          create: clientRecordsRoutes.postAccountsClientInstitutions,
          update: clientRecordsRoutes.patchAccountsClientInstitution,
          remove: clientRecordsRoutes.deleteAccountsClientInstitution,
          rowParam: 'institutionGuid',
        }}
        columns={institutionColumns}
        fields={institutionFields}
        createSchema={createInstitutionRequest}
        patchSchema={patchInstitutionRequest}
        emptyText="The client's accounts at banks and brokers, with their last 4 digits, will be listed here."
        readOnly={readOnly}
        nameOf={(row) => row.name}
      />
      <RecordSection
        title="Bank contacts"
        noun="bank contact"
        routes={{
          list: { route: clientRecordsRoutes.getAccountsClientBankContacts, params: { clientGuid } },
          create: clientRecordsRoutes.postAccountsClientBankContacts,
          update: clientRecordsRoutes.patchAccountsClientBankContact,
          remove: clientRecordsRoutes.deleteAccountsClientBankContact,
          rowParam: 'bankContactGuid',
        }}
        columns={contactColumns}
        fields={contactFields}
        createSchema={createBankContactRequest}
        patchSchema={patchBankContactRequest}
        emptyText="Whom to call at the client's banks will be listed here."
        readOnly={readOnly}
        nameOf={(row) => row.name}
      />
    </>
  );
}

const institutionColumns: DataColumn<ClientInstitution>[] = [
  { key: 'name', header: 'Account', render: (row) => row.name },
  { key: 'last4', header: 'Last 4 digits', render: (row) => lastFour(row.account_last4) },
  { key: 'parent', header: 'Institution', render: (row) => orDash(row.parent_institution_name) },
];
