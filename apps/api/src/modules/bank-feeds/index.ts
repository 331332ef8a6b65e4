// bank-feeds: a client's banks linked through the aggregator (issue 19, decision 036). What other modules
// and app.ts may use: never its tables.
export { type FeedDeps, type FeedPorts, feedDeps, type LinesArrived } from './feed-deps.ts';
export { fundingOf, WAITING_FOR_PAYMENT } from './funding.ts';
export { bankLineRows } from './query-pieces.ts';
export { fundingOverview, presentTransaction, statementsOfReconciliation } from './reads.ts';
export { registerBankFeedRoutes } from './routes.ts';
export { syncAll } from './sync-client.ts';
export { type BankLine, toBankLines } from './to-bank-lines.ts';
