export { DemoOutboxPage } from './DemoOutboxPage.tsx';
