// What other modules and app.ts may use of reports (docs/architecture.md): never its tables.
export { type BankSecretBox, bankSecretBox } from './bank-secret.ts';
export {
  REPORT_GENERATION_QUEUE,
  type ReportGenerationQueue,
  reportGenerationQueue,
} from './generate-job.ts';
// The reports of each client, as a subquery other read models count (the advisor portfolio).
export { reportList } from './query-pieces.ts';
export { registerReportRoutes } from './routes.ts';
