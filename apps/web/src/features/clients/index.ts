export { SelectClientPage } from './SelectClientPage.tsx';
