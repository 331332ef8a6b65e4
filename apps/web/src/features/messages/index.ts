export { authorOf, billReferenceOf, MessagesPanel, plainTextOf } from './MessagesPanel.tsx';
export * from './useMessages.ts';
