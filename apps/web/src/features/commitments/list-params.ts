/**
 * The commitment list's state in the URL:
 * /commitments?client=&entity=&category=&frequency=&search=&ordering=&page= (page is 1-based).
 * 'all-clients' and 'all-entities' (SPEC.md §5) mean no filter and are left out of the URL.
 */
import {
  COMMITMENT_CATEGORY_VALUES,
  COMMITMENT_FREQUENCY_VALUES,
  type CommitmentCategory,
  type CommitmentFrequency,
} from '@bp/domain';
import { readClientEntityPage, writeClientEntity, writePage } from '../shared/client-entity-params.ts';

export const ALL = 'all';
export const DEFAULT_ORDERING = 'next_due_date';

export interface ListParams {
  client: string;
  entity: string;
  category: CommitmentCategory | typeof ALL;
  frequency: CommitmentFrequency | typeof ALL;
  search: string;
  ordering: string;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | typeof ALL {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : ALL;
}

export function readListParams(search: URLSearchParams, orderings: readonly string[]): ListParams {
  const { client, entity, page } = readClientEntityPage(search);
  const ordering = search.get('ordering') ?? '';
  return {
    client,
    entity,
    category: oneOf(COMMITMENT_CATEGORY_VALUES, search.get('category')),
    frequency: oneOf(COMMITMENT_FREQUENCY_VALUES, search.get('frequency')),
    search: search.get('search') ?? '',
    ordering: orderings.includes(ordering.replace(/^-/, '')) ? ordering : DEFAULT_ORDERING,
    page,
  };
}

/** The search string of `params`, defaults left out so URLs stay short. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  writeClientEntity(search, params);
  if (params.category !== ALL) search.set('category', params.category);
  if (params.frequency !== ALL) search.set('frequency', params.frequency);
  if (params.search.trim() !== '') search.set('search', params.search.trim());
  if (params.ordering !== DEFAULT_ORDERING) search.set('ordering', params.ordering);
  writePage(search, params.page);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
