import type { RawDb } from './raw-db.ts';

export const DEMO_ORGANIZATION = 'Demo Family Office';

const SURNAMES = [
  'Abbott,Achebe,Alvarez,Andersen,Bauer,Bergqvist,Bianchi,Brennan,Castillo,Chen,Dubois,Eriksen',
  'Fitzgerald,Fontaine,Garcia,Goldberg,Haddad,Hansen,Harper,Hoffmann,Ibrahim,Ivanova,Jensen,Kaur',
  'Kowalski,Larsen,Lindqvist,Lopez,Mackenzie,Moreau,Murphy,Nakamura,Novak,Nowak,Okafor,Olsen',
  "O'Brien,Patel,Petrov,Quinn,Rossi,Sato,Schmidt,Silva,Sorensen,Tanaka,Thompson,Van der Berg",
  'Wagner,Walsh,Weber,Williams,Yamamoto,Zhang,Zimmermann,Delacroix,Almqvist,Reyes,Byrne,Kim',
]
  .join(',')
  .split(',');
const FIRST_NAMES = [
  'Ada,Ben,Chloe,David,Elena,Felix,Grace,Hugo,Iris,Jonas,Kai,Lena',
  'Marco,Nina,Omar,Paula,Quentin,Rosa,Sven,Tara,Umar,Vera,Will,Yara',
]
  .join(',')
  .split(',');
const KINDS = 'Household,Family,Trust,Estate,Foundation,Holdings,Family Office'.split(',');

/** Small deterministic PRNG (mulberry32): the same data set on every run and both databases. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  /** How many clients to add (default 20,000). */
  clients: number;
  /** Rows per INSERT statement. */
  chunk?: number;
  /** Share of the new clients that are archived (they drop out of the list). */
  archivedShare?: number;
  seed?: number;
  now?: Date;
}

export interface GenerateResult {
  organizationId: number;
  inserted: number;
  archived: number;
  /** Clients of the organisation the list shows (not archived), demo clients included. */
  listed: number;
  ms: number;
}

const COLUMNS = [
  'organization_id',
  'name',
  'service',
  'primary_contact',
  'bp_ff_amount',
  'foa_ff_amount',
  'has_properties',
  'is_onboarding_completed',
  'client_referrer_id',
  'archived_at',
  'created_at',
] as const;

/**
 * Adds many clients to Demo Family Office with multi-row INSERTs (`chunk` rows, one statement each) in
 * one transaction, straight on the driver (Drizzle's builder takes most of the time at this size), then
 * ANALYZEs as autovacuum eventually would, so plans reflect the data. PGlite or PostgreSQL.
 */
export async function generateClients(raw: RawDb, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const chunk = options.chunk ?? 1000;
  const archivedShare = options.archivedShare ?? 0.03;
  const now = (options.now ?? new Date()).getTime();
  const next = random(options.seed ?? 20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

  const [org] = await raw.query('select "id" from "organizations" where "name" = $1', [DEMO_ORGANIZATION]);
  if (!org) throw new Error(`${DEMO_ORGANIZATION} is missing: seed the demo data first.`);
  const organizationId = Number(org.id);
  const referrers = (await raw.query('select "id" from "client_referrers"')).map((r) => Number(r.id));

  let archived = 0;
  await raw.transaction(async (query) => {
    for (let done = 0; done < options.clients; done += chunk) {
      const params: unknown[] = [];
      const tuples: string[] = [];
      for (let i = done; i < Math.min(options.clients, done + chunk); i++) {
        const surname = pick(SURNAMES);
        const shape = next();
        const name =
          shape < 0.45
            ? `${surname} ${pick(KINDS)}`
            : shape < 0.85
              ? `${pick(FIRST_NAMES)} ${surname}`
              : `${pick(FIRST_NAMES)} & ${pick(FIRST_NAMES)} ${surname}`;
        const service = next() < 0.7 ? 'bill_pay' : 'family_office_accounting';
        const createdAt = new Date(now - Math.floor(next() * 5 * 365 * 24 * 3600 * 1000));
        const isArchived = next() < archivedShare;
        if (isArchived) archived++;
        const row = [
          organizationId,
          name,
          service,
          next() < 0.8 ? `${pick(FIRST_NAMES)} ${surname}` : null,
          service === 'bill_pay' ? 10_000 + Math.floor(next() * 40) * 500 : 0,
          service === 'family_office_accounting' ? 50_000 + Math.floor(next() * 60) * 1000 : 0,
          next() < 0.3,
          next() < 0.85,
          referrers.length > 0 && next() < 0.1 ? pick(referrers) : null,
          isArchived ? new Date(createdAt.getTime() + Math.floor(next() * 30) * 86_400_000) : null,
          createdAt,
        ];
        const base = params.length;
        params.push(...row);
        tuples.push(`(${row.map((_, k) => `$${base + k + 1}`).join(', ')})`);
      }
      await query(
        `insert into "clients" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`,
        params,
      );
    }
  });
  await raw.query('analyze');
  const [listed] = await raw.query(
    'select count(*) as n from "clients" where "organization_id" = $1 and "archived_at" is null',
    [organizationId],
  );
  return {
    organizationId,
    inserted: options.clients,
    archived,
    listed: Number(listed?.n ?? 0),
    ms: performance.now() - started,
  };
}
