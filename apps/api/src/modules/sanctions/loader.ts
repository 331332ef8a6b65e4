import { readFile } from 'node:fs/promises';
import { count, inArray, ne, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { normalizeSanctionsName } from './screening.ts';
import { parseSdnCsv } from './sdn-file.ts';
import { sanctionsEntries } from './tables.ts';

export interface SanctionsLoadResult {
  /** Entries in the list after the load (= rows of the file). */
  entries: number;
  added: number;
  updated: number;
  removed: number;
  loadedAt: Date;
}

/** Loads run by the operator (server start-up, CLI) have no signed-in actor. */
const SYSTEM_ACTOR: AuditActor = {
  actorUserId: null,
  maskedByUserId: null,
  requestId: null,
  ipAddress: null,
};

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

/**
 * Replaces the sanctions list with the entries of an SDN CSV file, in one transaction: entries are
 * upserted by ent_num, entries no longer in the file are deleted, and an audit record keeps the counts.
 * A file that does not parse, or parses to no rows, throws before anything changes, so the previous
 * list stays in force.
 */
export async function loadSdnCsv(
  db: DbOrTx,
  csvText: string,
  options: { now?: Date; actor?: AuditActor } = {},
): Promise<SanctionsLoadResult> {
  const parsed = parseSdnCsv(csvText);
  const loadedAt = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ n: count() }).from(sanctionsEntries);
    let existing = 0;
    for (let i = 0; i < parsed.length; i += CHUNK) {
      const chunk = parsed.slice(i, i + CHUNK);
      const [found] = await tx
        .select({ n: count() })
        .from(sanctionsEntries)
        .where(
          inArray(
            sanctionsEntries.uid,
            chunk.map((e) => e.uid),
          ),
        );
      existing += found?.n ?? 0;
      await tx
        .insert(sanctionsEntries)
        .values(
          chunk.map((entry) => ({
            uid: entry.uid,
            name: entry.name,
            nameNormalized: normalizeSanctionsName(entry.name),
            sdnType: entry.sdnType,
            program: entry.program,
            remarks: entry.remarks,
            loadedAt,
          })),
        )
        .onConflictDoUpdate({
          target: sanctionsEntries.uid,
          set: {
            name: sql`excluded.name`,
            nameNormalized: sql`excluded.name_normalized`,
            sdnType: sql`excluded.sdn_type`,
            program: sql`excluded.program`,
            remarks: sql`excluded.remarks`,
            loadedAt: sql`excluded.loaded_at`,
          },
        });
    }
    // Every row of the file now carries this load's time: whatever does not was dropped from the list.
    const removed = await tx
      .delete(sanctionsEntries)
      .where(ne(sanctionsEntries.loadedAt, loadedAt))
      .returning({ id: sanctionsEntries.id });
    const result: SanctionsLoadResult = {
      entries: parsed.length,
      added: parsed.length - existing,
      updated: existing,
      removed: removed.length,
      loadedAt,
    };
    await recordAudit(tx, options.actor ?? SYSTEM_ACTOR, {
      action: 'sanctions_list_loaded',
      objectType: 'sanctions_list',
      changes: {
        entries: { before: before?.n ?? 0, after: result.entries },
        added: { before: null, after: result.added },
        updated: { before: null, after: result.updated },
        removed: { before: null, after: result.removed },
      },
    });
    return result;
  });
}

/** OFAC publishes ASCII, older copies Windows-1252: UTF-8 when the bytes are valid UTF-8, else 1252. */
export function decodeSanctionsFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Reads and loads a file (server start-up and the CLI). */
export async function loadSanctionsFile(db: DbOrTx, path: string): Promise<SanctionsLoadResult> {
  return loadSdnCsv(db, decodeSanctionsFile(await readFile(path)));
}

/** How many entries the list holds and when it was last loaded (null before the first load). */
export async function sanctionsListStatus(db: DbOrTx): Promise<{ entries: number; loadedAt: Date | null }> {
  const [row] = await db
    .select({ n: count(), at: sql<Date | string | null>`max(${sanctionsEntries.loadedAt})` })
    .from(sanctionsEntries);
  const at = row?.at ?? null;
  return { entries: row?.n ?? 0, loadedAt: at === null ? null : new Date(at) };
}

/**
 * Start-up load of SANCTIONS_FILE. A missing or bad file must not keep the API down: the error is
 * logged and the previously loaded list stays in force (the load is one transaction).
 */
export async function loadSanctionsAtStartup(
  db: DbOrTx,
  path: string,
  log: { info: (message: string) => void; error: (message: string) => void } = console,
): Promise<SanctionsLoadResult | null> {
  try {
    const result = await loadSanctionsFile(db, path);
    log.info(
      `  Sanctions list: ${result.entries} entries loaded from ${path} (${result.added} new, ${result.removed} removed)`,
    );
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`  Sanctions list not loaded from ${path}: ${reason} The previous list stays in force.`);
    return null;
  }
}
