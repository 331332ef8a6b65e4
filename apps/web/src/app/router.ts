import { createBrowserRouter } from 'react-router';
import { appRoutes } from './route-table.tsx';

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
