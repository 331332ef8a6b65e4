/**
 * The client and entity filters and the page of an organisation-wide list, as its URL carries them
 * (billing queues, commitments). ALL_CLIENTS / ALL_ENTITIES mean no filter and stay out of the URL; an
 * entity belongs to one client, so it is read and written only under a chosen client.
 */
import { ALL_CLIENTS, ALL_ENTITIES } from '@bp/domain';

export interface ClientEntityPage {
  client: string;
  entity: string;
  /** 1-based. */
  page: number;
}

export function readClientEntityPage(search: URLSearchParams): ClientEntityPage {
  const client = search.get('client') || ALL_CLIENTS;
  const entity = client === ALL_CLIENTS ? ALL_ENTITIES : search.get('entity') || ALL_ENTITIES;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return { client, entity, page: Number.isFinite(page) && page >= 1 ? page : 1 };
}

/** Sets `client` and `entity` when they filter; first, so the URLs read client, entity, then the rest. */
export function writeClientEntity(
  search: URLSearchParams,
  params: Pick<ClientEntityPage, 'client' | 'entity'>,
) {
  if (params.client !== ALL_CLIENTS) search.set('client', params.client);
  if (params.client !== ALL_CLIENTS && params.entity !== ALL_ENTITIES) search.set('entity', params.entity);
}

/** Sets `page` past the first; last, after the list's own filters. */
export function writePage(search: URLSearchParams, page: number) {
  if (page > 1) search.set('page', String(page));
}
