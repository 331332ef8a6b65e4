// What other modules and app.ts may use of reports (docs/architecture.md): never its tables.
export { type BankSecretBox, bankSecretBox } from './bank-secret.ts';
export {
  REPORT_GENERATION_QUEUE,
  type ReportGenerationQueue,
  reportGenerationQueue,
} from './generate-job.ts';
export { registerReportRoutes } from './routes.ts';
