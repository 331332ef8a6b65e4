import type { ClientReferrer, WhiteLabelOptions } from '@bp/contracts';
import type { clientReferrers } from './tables.ts';

/**
 * The referrer as its clients' users receive it (decision 031): the white label always, the news
 * items only while news_enabled is on and the services only while explore_services_enabled is on —
 * a switched-off panel's content is not sent at all, so the client app cannot show it by mistake.
 */
export function referrerForClientUsers(referrer: typeof clientReferrers.$inferSelect): ClientReferrer {
  const { news, services, ...look }: WhiteLabelOptions = referrer.options;
  return {
    name: referrer.name,
    white_label_enabled: referrer.whiteLabelEnabled,
    news_enabled: referrer.newsEnabled,
    explore_services_enabled: referrer.exploreServicesEnabled,
    options: {
      ...look,
      ...(referrer.newsEnabled && news ? { news } : {}),
      ...(referrer.exploreServicesEnabled && services ? { services } : {}),
    },
  };
}
