export { ErrorState } from '../../ui/index.ts';
