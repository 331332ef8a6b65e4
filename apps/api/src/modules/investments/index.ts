// investments: investment accounts and positions from the investment-data provider (issue 19, decision
// 036). What other modules and app.ts/server.ts may use: never its tables.
export { registerInvestmentRoutes } from './routes.ts';
export { investmentTotalsOf, refreshAllInvestments } from './service.ts';
