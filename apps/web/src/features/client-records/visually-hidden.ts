export { visuallyHidden } from '../../ui/index.ts';
