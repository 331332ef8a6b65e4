// portfolio (layer 4 view): the advisor's and the family office's clients with their figures (decision 029).
export type { PortfolioMode } from './mode.ts';
export { registerPortfolioRoutes } from './routes.ts';
