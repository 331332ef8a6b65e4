export { MailServicePanel } from './MailServicePanel.tsx';
