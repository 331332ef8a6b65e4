export { needsAttention } from './needs-attention.ts';
export { FamilyAdminDashboardPage, PortfolioPage, WealthAdvisorDashboardPage } from './PortfolioPage.tsx';
