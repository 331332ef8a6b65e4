// The sign-in page's own route module (route-table.tsx): the page most people load first downloads only
// its screen, not the other auth screens with their forms' schemas (issue 12, decision 039).
export { LoginPage } from './LoginPage.tsx';
