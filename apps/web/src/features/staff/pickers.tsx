import type { OrgClient, StaffUser } from '@bp/contracts';
import { SearchPicker, usePickerQuery } from './SearchPicker.tsx';
import { useClientSearch, useStaffSearch } from './staff-api.ts';
import { personName } from './staff-labels.ts';

interface PickerProps<T> {
  orgGuid: string;
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

const idOf = (prefix: string, label: string) => `${prefix}-${label.replace(/\W+/g, '-').toLowerCase()}`;

/** A staff member of the organisation, searched by name or e-mail. */
export function StaffPicker({ orgGuid, label, value, ...rest }: PickerProps<StaffUser>) {
  const query = usePickerQuery(value ? personName(value) : null);
  const found = useStaffSearch(orgGuid, query.search, query.open);
  return (
    <SearchPicker<StaffUser>
      id={idOf('staff-picker', label)}
      label={label}
      value={value}
      {...rest}
      query={query}
      options={found.data?.results ?? []}
      loading={found.isFetching}
      optionKey={(user) => user.guid}
      optionLabel={personName}
      optionDetail={(user) => user.email}
    />
  );
}

export type ClientOption = Pick<OrgClient, 'guid' | 'name'>;

/** A client of the organisation, searched by name. */
export function ClientPicker({ orgGuid, label, value, ...rest }: PickerProps<ClientOption>) {
  const query = usePickerQuery(value ? value.name : null);
  const found = useClientSearch(orgGuid, query.search, query.open);
  return (
    <SearchPicker<ClientOption>
      id={idOf('client-picker', label)}
      label={label}
      value={value}
      {...rest}
      query={query}
      options={found.data?.results ?? []}
      loading={found.isFetching}
      optionKey={(client) => client.guid}
      optionLabel={(client) => client.name}
    />
  );
}
