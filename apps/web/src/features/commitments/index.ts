export { ClientCommitmentsPage } from './client/ClientCommitmentsPage.tsx';
// The client dashboard's upcoming commitments and cash-outflow chart read through these (decision 029).
export { useCommitmentList, useForecast } from './commitment-api.ts';
export { CommitmentDetailPage } from './detail/CommitmentDetailPage.tsx';
export { monthLabel } from './display.tsx';
export {
  CommitmentFormPage,
  CommitmentFromBillPage,
  OnboardingCommitmentFormPage,
} from './form/CommitmentFormPage.tsx';
export { ArchivedCommitmentsPage, CommitmentsPage } from './list/CommitmentsPage.tsx';
export { CommitmentBillPage } from './new-bill/CommitmentBillPage.tsx';
