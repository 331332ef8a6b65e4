import { notificationsRoutes } from '@bp/contracts';
import { APP_HOME_LINK, billAppLink, isGuid } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';

/**
 * The store listings come from the server's configuration (APP_STORE_URL, PLAY_STORE_URL; decision 033),
 * read from GET /v1/versions/config/mobile_app before sign-in. Null until known.
 */
export function useStoreLinks(): { appStore: string; playStore: string } | null {
  const { api } = useSession();
  const config = useQuery({
    queryKey: ['mobile-app-config'],
    queryFn: ({ signal }) =>
      api.call(notificationsRoutes.getVersionsConfigMobileApp, { anonymous: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data ? { appStore: config.data.app_store_url, playStore: config.data.play_store_url } : null;
}

/**
 * The app link this page offers: the bill the phone was opening (`?bill=`, and `?client=` when known:
 * the web's redirect keeps them), else the app's home.
 */
export function useAppLink(): { href: string; bill: boolean } {
  const [params] = useSearchParams();
  const bill = params.get('bill');
  const client = params.get('client');
  if (!isGuid(bill)) return { href: APP_HOME_LINK, bill: false };
  return { href: billAppLink(bill.toLowerCase(), isGuid(client) ? client.toLowerCase() : null), bill: true };
}
