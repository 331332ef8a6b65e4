export { BillStatusChip } from './BillStatusChip.tsx';
export * from './bill-api.ts';
export { DateText, MoneyText } from './cells.tsx';
