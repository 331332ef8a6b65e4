export { ClientCommitmentsPage } from './client/ClientCommitmentsPage.tsx';
export { CommitmentDetailPage } from './detail/CommitmentDetailPage.tsx';
export {
  CommitmentFormPage,
  CommitmentFromBillPage,
  OnboardingCommitmentFormPage,
} from './form/CommitmentFormPage.tsx';
export { ArchivedCommitmentsPage, CommitmentsPage } from './list/CommitmentsPage.tsx';
export { CommitmentBillPage } from './new-bill/CommitmentBillPage.tsx';
