// What other modules may use of tasks (docs/architecture.md): never its tables or repo.
export { billTasksOf } from './bill-task-list.ts';
export { syncBillTasks } from './bill-tasks.ts';
export {
  addTaskComment,
  changeWorkflowTask,
  type NewWorkflowTask,
  openWorkflowTask,
  taskColumns,
  taskCommentList,
  taskList,
  type WorkflowTaskChange,
} from './workflow-tasks.ts';
