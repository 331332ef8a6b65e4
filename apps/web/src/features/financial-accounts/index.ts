export { BankMatchingPanel } from './BankMatchingPanel.tsx';
export { FinancialAccountsPage } from './FinancialAccountsPage.tsx';
export { FinancialAccountsTable } from './FinancialAccountsTable.tsx';
export { FundingNotice } from './FundingNotice.tsx';
export { InvestmentsPanel } from './InvestmentsPanel.tsx';
export { LinkedBanksPanel } from './LinkedBanksPanel.tsx';
export { ReconciliationBankItems } from './ReconciliationBankItems.tsx';
export { StaffFinancialData } from './StaffFinancialData.tsx';
