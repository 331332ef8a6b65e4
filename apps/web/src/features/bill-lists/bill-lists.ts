import { CLIENT_BILL_LIST_VALUES, type ClientBillList } from '@bp/contracts';
import { ALL_ENTITIES } from '@bp/domain';

/** The client's bill lists (SPEC.md §2): tab label and what an empty list says. */
export const CLIENT_BILL_LISTS: readonly {
  value: ClientBillList;
  label: string;
  empty: string;
  hint: string;
}[] = [
  {
    value: 'client-pre-bill',
    label: 'Awaiting Approval',
    empty: 'No bills are waiting for your approval.',
    hint: 'Bills that need your approval or rejection will be listed here.',
  },
  {
    value: 'approved',
    label: 'Approved',
    empty: 'No approved bills.',
    hint: 'Bills you approved will be listed here until they are paid.',
  },
  {
    value: 'auto-approved',
    label: 'Auto Approved',
    empty: 'No auto-approved bills.',
    hint: "Bills approved automatically within a commitment's threshold will be listed here until they are paid.",
  },
  {
    value: 'rejected',
    label: 'Rejected',
    empty: 'No rejected bills.',
    hint: 'Bills that were rejected will be listed here; they are not paid.',
  },
  {
    value: 'paid',
    label: 'Paid',
    empty: 'No paid bills yet.',
    hint: 'Bills your provider team has paid will be listed here.',
  },
];

export const ALL_BILLS = {
  label: 'All Bills',
  empty: 'No bills yet.',
  hint: 'Bills your provider team enters for you will be listed here.',
} as const;

export const DEFAULT_CLIENT_BILL_LIST: ClientBillList = 'client-pre-bill';
export const DEFAULT_BILL_ORDERING = 'due_date';

export function isClientBillList(value: string | undefined): value is ClientBillList {
  return (CLIENT_BILL_LIST_VALUES as readonly string[]).includes(value ?? '');
}

/** `/bills/{entity}` or `/bills/{entity}/{list}`; entity 'all-entities' means every entity. */
export function clientBillsPath(entity: string = ALL_ENTITIES, list?: ClientBillList): string {
  const base = `/bills/${encodeURIComponent(entity)}`;
  return list ? `${base}/${list}` : base;
}
