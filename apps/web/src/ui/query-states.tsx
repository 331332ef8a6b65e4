import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';

export interface QueryStatesProps<T> {
  query: UseQueryResult<T>;
  /** The spinner's text while the first load runs. */
  loadingLabel: string;
  /** The text of a failed load (the screen decides, e.g. a 403 may need its own words). */
  errorMessage: (error: unknown) => string;
  isEmpty: (data: T) => boolean;
  /** Shown instead of the list when `isEmpty`: usually an EmptyState. */
  empty: ReactNode;
  /** The list itself, once loaded and not empty. */
  children: (data: T) => ReactNode;
}

/** Loading, failed (with Try again), empty or loaded: the four states of a list's query. */
export function QueryStates<T>({
  query,
  loadingLabel,
  errorMessage,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return isEmpty(query.data) ? empty : children(query.data);
}
