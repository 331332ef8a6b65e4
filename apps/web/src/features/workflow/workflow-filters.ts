import type { FilterOption } from '../../ui/index.ts';

/** The due-date filter of the task list and the reconciliation queues (the API's `due` parameter). */
export const DUE_LABELS = { overdue: 'Overdue', today: 'Due today', week: 'Due within a week' } as const;
export type Due = keyof typeof DUE_LABELS;
export const DUE_VALUES = Object.keys(DUE_LABELS) as Due[];
export const DUE_OPTIONS: FilterOption[] = DUE_VALUES.map((due) => ({ value: due, label: DUE_LABELS[due] }));

interface Person {
  first_name: string;
  last_name: string;
}

/** A task's or reconciliation's assignee as the lists show it. */
export const personName = (p: Person | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}` : 'Unassigned';

/** The organisation's staff as filter choices. */
export const staffOptions = (staff: readonly (Person & { guid: string })[] | undefined): FilterOption[] =>
  (staff ?? []).map((s) => ({ value: s.guid, label: `${s.first_name} ${s.last_name}` }));
