export function usOnlyMetadata(full: unknown): unknown;
