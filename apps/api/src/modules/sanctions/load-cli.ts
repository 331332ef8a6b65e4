/**
 * Loads an OFAC SDN CSV file into the sanctions list, replacing it:
 *   npx tsx apps/api/src/modules/sanctions/load-cli.ts <sdn.csv>
 * against DATABASE_URL when set, otherwise the PGlite database in DATA_DIR. Without DATA_DIR it is
 * apps/api/data, where `npm start` (run in the API workspace) keeps it, wherever the CLI is run from.
 * PGlite allows one process at a time: stop the server first, or set SANCTIONS_FILE and restart.
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '../../platform/db.ts';
import { loadSanctionsFile } from './loader.ts';

async function main(argv: string[]): Promise<number> {
  const [file] = argv;
  if (!file || argv.length !== 1) {
    console.error('Usage: npx tsx apps/api/src/modules/sanctions/load-cli.ts <sdn.csv>');
    return 2;
  }
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: resolve(process.env.DATA_DIR ?? join(import.meta.dirname, '../../../data')),
  });
  try {
    await database.migrate();
    const result = await loadSanctionsFile(database.db, resolve(file));
    console.log(
      `Sanctions list loaded: ${result.entries} entries (${result.added} new, ${result.updated} updated, ${result.removed} removed).`,
    );
    return 0;
  } catch (error) {
    console.error(`Sanctions list not loaded: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
