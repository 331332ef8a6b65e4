// What other modules may use of books (docs/architecture.md): never its tables or repo.
export {
  BANK_FEED_SUBTYPES,
  type IncomingBankLine,
  type ReceivedBankLines,
  receiveBankLines,
} from './bank-lines.ts';
export { type BillPosting, postBillEvent } from './bill-posting.ts';
export { registerBooksRoutes } from './routes.ts';
