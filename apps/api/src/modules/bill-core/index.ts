// bill-core: the bill as stored and read by every bill module: its tables (owned here, not exported),
// the one BillRow, who may see a bill, its approval state, what a caller may do with it, and the summary
// lists show. bills, bill-workflow, tasks, payments, bill-messages, bill-search and commitments build on
// it without depending on each other for these (docs/architecture.md).
export {
  allowedActions,
  allowedActionsIn,
  allowedActionsOf,
  allowedActionsWithReasonIn,
} from './allowed-actions.ts';
export type { ApprovalJson } from './approvals-json.ts';
export { approvalsFromJson, approvalsJsonColumn } from './approvals-json.ts';
export type { BillEventActor } from './bill-events.ts';
export { recordBillEvent } from './bill-events.ts';
export type {
  BillAttachmentRow,
  BillFields,
  NewBill,
  NewBillApproval,
  NewBillAttachment,
  NewBillLine,
  NewBillNote,
} from './bill-writes.ts';
export {
  billById,
  changeBill,
  confirmBillApproval,
  countBillsOfVendors,
  deleteBill,
  deleteBillApproval,
  deleteBillAttachment,
  deleteBillLines,
  deleteStepApprovals,
  insertBill,
  insertBillApproval,
  insertBillAttachment,
  insertBillLines,
  insertBillNote,
  lockBillById,
  repointBillsToVendor,
  setBillFields,
} from './bill-writes.ts';
export type { Caller, Refusal } from './eligibility.ts';
export {
  clientUserRestriction,
  decideApprove,
  decideReject,
  decideReversePayment,
  decideRevise,
  waitingOnClientUserConditions,
} from './eligibility.ts';
export { BillCoreError } from './errors.ts';
export type { PaymentDetails } from './payment.ts';
export {
  accountLabel,
  approveRefusal,
  checkPayment,
  decideRecordPayment,
  withoutPayment,
} from './payment.ts';
export { noteOf, peopleById, personColumns, personOf } from './people.ts';
export {
  billApprovalList,
  billAttachmentColumns,
  billAttachmentList,
  billColumns,
  billEventColumns,
  billEventList,
  billLineColumns,
  billLineList,
  billList,
  billNoteColumns,
  billNoteList,
} from './query-pieces.ts';
export type { QueueActionFields } from './queue-actions.ts';
export { queueActionColumns, withQueueActions } from './queue-actions.ts';
export type { ApprovalRow, WorkflowState } from './state.ts';
export { approvalsOfBill, countsAsApproval, workflowState, workflowStateFrom } from './state.ts';
export type { SummaryRow } from './summary.ts';
export { selectSummaries, selectSummariesWith, selectSummariesWithKey, toSummary } from './summary.ts';
export type { BillRow } from './tables.ts';
export { clientUserBillConditions, findVisibleBill, visibleBillConditions } from './visibility.ts';
