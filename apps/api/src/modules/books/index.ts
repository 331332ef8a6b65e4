// What other modules may use of books (docs/architecture.md): never its tables or repo.
export {
  BANK_FEED_SUBTYPES,
  type IncomingBankLine,
  type ReceivedBankLines,
  receiveBankLines,
} from './bank-lines.ts';
export { type BillPosting, postBillEvent } from './bill-posting.ts';
export {
  chartAccountOfBookAccount,
  createFedBookAccount,
  type FedAccountKind,
  fedBookAccountOf,
  moveUnpostedBankLines,
} from './fed-accounts.ts';
export {
  applyRulesToArrivedLines,
  type ClearOutcome,
  type ClearRequest,
  clearBankLine,
  clearBankLines,
  linesArrivedInBooks,
  unclearBankLine,
} from './fed-ledger.ts';
export { bookAccountNames } from './query-pieces.ts';
export { registerBooksRoutes } from './routes.ts';
