/** The compiled server `npm run build -w @bp/api` writes and `npm start` runs. */
export declare const COMPILED_SERVER: string;
/** The environment settings and node flags of apps/api's `start` script. */
export declare function apiStartCommand(): { env: Record<string, string>; flags: string[] };
