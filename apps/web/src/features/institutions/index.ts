export { ParentInstitutionsPage } from './ParentInstitutionsPage.tsx';
