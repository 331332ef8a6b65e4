export { FinancialAccountsPage } from './FinancialAccountsPage.tsx';
export { FinancialAccountsTable } from './FinancialAccountsTable.tsx';
