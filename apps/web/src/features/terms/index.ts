export { TermsConditionsPage } from './TermsConditionsPage.tsx';
