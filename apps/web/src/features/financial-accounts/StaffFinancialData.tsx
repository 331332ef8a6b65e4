import Paper from '@mui/material/Paper';
import { BankMatchingPanel } from './BankMatchingPanel.tsx';
import { InvestmentsPanel } from './InvestmentsPanel.tsx';
import { LinkedBanksPanel } from './LinkedBanksPanel.tsx';

/** Staff's view of a client's financial data (decision 036): linked banks, investments, bank matching. */
export function StaffFinancialData({ clientGuid }: { clientGuid: string }) {
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <LinkedBanksPanel clientGuid={clientGuid} canLink canChoosePayer />
        <InvestmentsPanel clientGuid={clientGuid} canConnect />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <BankMatchingPanel clientGuid={clientGuid} />
      </Paper>
    </>
  );
}
