// What other modules may use of notifications (docs/architecture.md): never its tables or repo.
export { actionEmail, enqueueEmail, enqueuePush, enqueueSms, notifyUser } from './outbox.ts';
export { renderEmail } from './templates.ts';
