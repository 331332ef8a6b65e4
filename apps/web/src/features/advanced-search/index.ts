export { AdvancedSearchPage } from './AdvancedSearchPage.tsx';
