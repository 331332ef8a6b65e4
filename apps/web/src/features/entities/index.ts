export { EntitiesTab } from './EntitiesTab.tsx';
export * from './entity-settings.ts';
