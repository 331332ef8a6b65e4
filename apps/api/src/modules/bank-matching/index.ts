// bank-matching: paid bills matched to bank lines (issue 19, decision 036). What app.ts may use.

export { runMatching } from './matching.ts';
export { registerBankMatchingRoutes } from './routes.ts';
