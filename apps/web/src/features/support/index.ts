export { SUPPORT_EMAIL, SUPPORT_PHONE } from './constants.ts';
export { SupportPage } from './SupportPage.tsx';
