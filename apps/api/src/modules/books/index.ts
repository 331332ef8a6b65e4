// What other modules may use of books (docs/architecture.md): never its tables or repo.
export { type BillPosting, postBillEvent } from './bill-posting.ts';
export { registerBooksRoutes } from './routes.ts';
