// What other modules may use of bill-workflow (docs/architecture.md): never its tables or repo.
export { applyWorkflowAction, type MoneyMoveHook } from './transitions.ts';
