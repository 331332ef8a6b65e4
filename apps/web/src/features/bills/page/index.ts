export { BillView, ClientBillPage, StaffBillPage } from './BillPage.tsx';
