import { apiStartCommand, COMPILED_SERVER } from '../../apps/api/scripts/start-command.mjs';

/** The compiled server `npm run build -w @bp/api` writes and `npm start` runs. */
export { COMPILED_SERVER };

/**
 * How a benchmark starts the compiled server, as `npm start` does: the node arguments (the start script's
 * flags, then the server) and the environment settings the script puts before `node`.
 */
export function compiledServerStart(): { args: string[]; env: Record<string, string> } {
  const { env, flags } = apiStartCommand();
  return { args: [...flags, COMPILED_SERVER], env };
}
