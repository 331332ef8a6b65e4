// What other modules may use of tasks (docs/architecture.md): never its tables or repo.
export { billTasksOf } from './bill-task-list.ts';
export { syncBillTasks } from './bill-tasks.ts';
export { type NewWorkflowTask, openWorkflowTask, taskColumns, taskList } from './workflow-tasks.ts';
