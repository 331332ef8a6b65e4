import { type Choice, withCurrent } from './choices.ts';
import {
  useAccountChoices,
  useDivisionChoices,
  useEntityChoices,
  useVendorChoices,
} from './useBookChoices.ts';

/** What the record being edited already uses: kept as choices when the lists no longer offer it. */
export interface CurrentBookChoices {
  entity?: { guid: string; nickname: string } | null;
  vendor?: { guid: string; name: string } | null;
  accounts?: readonly { guid: string; display_2_levels: string }[];
  divisions?: readonly { guid: string; name: string }[];
}

const addCurrent = (choices: Choice[], current: readonly Choice[]) =>
  current.reduce((all, choice) => withCurrent(all, choice), choices);

/**
 * The entity, vendor, account and division choices of a bill or commitment: the client's active entities,
 * the entity's active vendors, assignable accounts and active divisions, each with the current value kept.
 */
export function useBookChoiceLists(clientGuid: string, entityGuid: string, current: CurrentBookChoices = {}) {
  const entities = useEntityChoices(clientGuid);
  const vendors = useVendorChoices(clientGuid, entityGuid);
  const accounts = useAccountChoices(clientGuid, entityGuid);
  const divisions = useDivisionChoices(clientGuid, entityGuid);
  return {
    entities,
    vendors,
    accounts,
    divisions,
    entityChoices: withCurrent(
      (entities.data?.results ?? [])
        .filter((e) => !e.archived)
        .map((e) => ({ value: e.guid, label: e.nickname })),
      current.entity ? { value: current.entity.guid, label: current.entity.nickname } : null,
    ),
    vendorChoices: withCurrent(
      (vendors.data?.results ?? []).filter((v) => v.is_active).map((v) => ({ value: v.guid, label: v.name })),
      current.vendor ? { value: current.vendor.guid, label: current.vendor.name } : null,
    ),
    accountChoices: addCurrent(
      (accounts.data?.results ?? []).map((a) => ({ value: a.guid, label: a.display_2_levels })),
      (current.accounts ?? []).map((a) => ({ value: a.guid, label: a.display_2_levels })),
    ),
    divisionChoices: addCurrent(
      (divisions.data?.results ?? [])
        .filter((d) => d.is_active)
        .map((d) => ({ value: d.guid, label: d.name })),
      (current.divisions ?? []).map((d) => ({ value: d.guid, label: d.name })),
    ),
  };
}

/** The helper under a choice list of an entity's books: why it is empty or not ready, if it is. */
export function bookListHelper(
  what: string,
  query: { isError: boolean; isPending: boolean },
  empty: boolean,
  noEntity: boolean,
): string | undefined {
  if (noEntity) return 'Choose an entity first.';
  if (query.isError) return `The ${what} could not be loaded.`;
  if (query.isPending) return `Loading ${what}…`;
  return empty ? `This entity has no ${what}.` : undefined;
}
