export * from './bill-lists.ts';
export * from './billing-paths.ts';
export { ClientBillsPage, ClientBillsRedirect } from './ClientBillsPage.tsx';
