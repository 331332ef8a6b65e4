export * from './empty-state.tsx';
export * from './error-message.ts';
export * from './loading-state.tsx';
export * from './page-title.tsx';
export * from './toasts.tsx';
export * from './use-modal-search.ts';
