import { type Account, createAccountRequest, entitiesRoutes, patchAccountRequest } from '@bp/contracts';
import { useMemo } from 'react';
import type { DataColumn } from '../../ui/index.ts';
import { type FieldSpec, orDash, RecordSection, useChoices } from '../client-records/index.ts';
import { type BookSectionProps, yesNo } from './book-props.ts';

const columns: DataColumn<Account>[] = [
  { key: 'account', header: 'Account', render: (row) => row.display_2_levels },
  { key: 'number', header: 'Number', render: (row) => orDash(row.number) },
  { key: 'type', header: 'Type', render: (row) => orDash(row.account_type) },
  { key: 'assignable', header: 'Assignable to bill', render: (row) => yesNo(row.assignable_to_bill) },
  { key: 'active', header: 'Active', render: (row) => yesNo(row.is_active) },
];
const DEFAULTS = { assignable_to_bill: true, is_active: true };

/** The entity's chart of accounts, two levels deep ('Parent: Child'). */
export function AccountsSection({ clientGuid, entityGuid, readOnly }: BookSectionProps) {
  const list = { route: entitiesRoutes.getBillingClientEntityAccounts, params: { clientGuid, entityGuid } };
  const all = useChoices(list, { enabled: !readOnly });
  const rows = all.data?.results;
  const fields = useMemo<FieldSpec[]>(
    () => [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'number', label: 'Number', kind: 'text', half: true },
      { name: 'account_type', label: 'Type', kind: 'text', half: true },
      {
        name: 'parent',
        label: 'Parent account',
        kind: 'select',
        helperText: 'Accounts go two levels deep: only top-level accounts can be parents.',
        options: (rows ?? []).filter((a) => a.parent === null).map((a) => ({ value: a.guid, label: a.name })),
      },
      { name: 'assignable_to_bill', label: 'Assignable to bill', kind: 'checkbox', half: true },
      { name: 'is_active', label: 'Active', kind: 'checkbox', half: true },
    ],
    [rows],
  );
  return (
    <RecordSection
      title="Accounts"
      headingLevel="h4"
      noun="account"
      routes={{
        list,
        create: entitiesRoutes.postBillingClientEntityAccounts,
        update: entitiesRoutes.patchBillingClientEntityAccount,
        remove: entitiesRoutes.deleteBillingClientEntityAccount,
        rowParam: 'accountGuid',
      }}
      columns={columns}
      fields={fields}
      createSchema={createAccountRequest}
      patchSchema={patchAccountRequest}
      defaults={DEFAULTS}
      emptyText="The chart of accounts that bill lines are booked to will be listed here."
      readOnly={readOnly}
      nameOf={(row) => row.display_2_levels}
    />
  );
}
