import type { validateTokenResponse } from '@bp/contracts';
import { authRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { apiErrorMessage, fieldErrorMessage, isApiError, THROTTLED_MESSAGE } from '../shared/api-errors.ts';

export type TokenDetails = z.infer<typeof validateTokenResponse>;

export type ResetTokenState =
  | { status: 'loading'; token: string }
  | { status: 'invalid'; token: string; message: string }
  /** The API could not give a verdict (network, 5xx, throttled): the link may still be good. */
  | { status: 'unavailable'; token: string; message: string; retry: () => void }
  | { status: 'valid'; token: string; details: TokenDetails };

const MISSING_TOKEN = 'This link is incomplete. Open the link from your e-mail again.';

/** Reads `?token=` and asks the API whether it is still usable (invite and reset links share the call). */
export function useResetToken(): ResetTokenState {
  const { api } = useSession();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  const query = useQuery({
    queryKey: ['auth', 'validate-token', token],
    queryFn: () =>
      api.call(authRoutes.postAuthPasswordResetValidateToken, { body: { token }, anonymous: true }),
    enabled: token !== '',
    // A verdict on a token does not change while the page is open, and the call is throttled.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  if (token === '') return { status: 'invalid', token, message: MISSING_TOKEN };
  if (query.isError) {
    const error = query.error;
    const retry = () => void query.refetch();
    if (isApiError(error, 429)) return { status: 'unavailable', token, message: THROTTLED_MESSAGE, retry };
    // Only a 4xx is a verdict on the token; anything else says nothing about the link.
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      return {
        status: 'invalid',
        token,
        message: fieldErrorMessage(error, 'token') ?? apiErrorMessage(error),
      };
    }
    return { status: 'unavailable', token, message: apiErrorMessage(error), retry };
  }
  if (query.data) return { status: 'valid', token, details: query.data };
  return { status: 'loading', token };
}
