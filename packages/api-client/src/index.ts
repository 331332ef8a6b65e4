export * from './call-route.ts';
export * from './create-api-client.ts';
export * from './error-message.ts';
export * from './jwt.ts';
export * from './session-error.ts';
export * from './token-refresher.ts';
export * from './types.ts';
export * from './url.ts';
