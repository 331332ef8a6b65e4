import { portfolioRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';

export type PortfolioAudience = 'advisor' | 'family_office';

/** GET /v1/accounts/advisor/clients or /v1/accounts/foa/clients. */
export function usePortfolio(audience: PortfolioAudience) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['accounts', 'portfolio', audience],
    queryFn: ({ signal }) =>
      audience === 'advisor'
        ? api.call(portfolioRoutes.getAccountsAdvisorClients, { signal })
        : api.call(portfolioRoutes.getAccountsFoaClients, { signal }),
  });
}
