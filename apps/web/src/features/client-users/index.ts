export { UsersTab } from './UsersTab.tsx';
