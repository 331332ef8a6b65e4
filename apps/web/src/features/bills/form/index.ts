export { BillForm, type BillFormProps, CONFLICT_MESSAGE } from './BillForm.tsx';
export { NewBillPage } from './NewBillPage.tsx';
