// What other modules may use of bill-messages (docs/architecture.md): never its tables.
export {
  unreadCountsOf,
  unreadInOrganizationColumn,
  unreadMessagesOn,
  unreadMessagesOnColumn,
} from './unread.ts';
