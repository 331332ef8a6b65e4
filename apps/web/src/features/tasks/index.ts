export { TaskListPage } from './TaskListPage.tsx';
export { TASK_LIST_PATH, taskListPath } from './tasks-api.ts';
