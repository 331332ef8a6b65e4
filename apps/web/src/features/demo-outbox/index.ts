export { DemoOutboxLink, useDemoMode } from './DemoOutboxLink.tsx';
export { DemoOutboxPage } from './DemoOutboxPage.tsx';
