// What other modules may use of bill-messages (docs/architecture.md): never its tables.
export { unreadCountsOf, unreadMessagesOn, unreadMessagesOnColumn } from './unread.ts';
