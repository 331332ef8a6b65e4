// mail-scan: the mail-scan service's mailboxes and scanned pieces, filed into pre-bill inboxes (issue 19,
// decision 036). What app.ts and server.ts may use: never its tables.
export { registerMailScanRoutes } from './routes.ts';
export { mailScanService } from './service.ts';
