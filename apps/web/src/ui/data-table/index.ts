export { type DataColumn, nextOrdering, parseOrdering } from './columns.ts';
export {
  DataTable,
  type DataTablePaging,
  type DataTableProps,
  type DataTableSelection,
} from './data-table.tsx';
