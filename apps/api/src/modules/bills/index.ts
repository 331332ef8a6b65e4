// What other modules may use of bills (docs/architecture.md): never its tables or repo.
export { presentBill } from './bill-presenter.ts';
export { createBillInTx } from './bill-service.ts';
export { planBill } from './planning.ts';
export { billCreatePolicy, billNotesPolicy, billNoteWritePolicy } from './policies.ts';
