import { ApiError, SessionError } from '@bp/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Retries once, and never what a retry cannot fix: a refusal (4xx) or a dead session. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof SessionError) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
