import { sql } from 'drizzle-orm';
import type { BenchEnv } from '../setup.ts';

/** One list request and its baseline: the same page of bare rows by SQL, no count, joins or presenting. */
export interface ListCase {
  name: string;
  url: string;
  baseline: ReturnType<typeof sql>;
}

export interface ListResult {
  name: string;
  medianMs: number;
  p95Ms: number;
  baselineMedianMs: number;
  count: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

/**
 * Files `emails` generated e-mails (one PDF attachment each) across the organisation's clients, as
 * mail over a year would: senders from 500 vendors, one minute apart.
 */
export async function generateEmails(env: BenchEnv, organizationId: number, emails: number): Promise<void> {
  const { db } = env.database;
  const clients = await db.execute<{ id: number }>(
    sql`select id from clients where organization_id = ${organizationId} order by id`,
  );
  const rows = ('rows' in (clients as object) ? (clients as { rows: { id: number }[] }).rows : clients) as {
    id: number;
  }[];
  const ids = rows.map((r) => Number(r.id));
  const array = `{${ids.join(',')}}`;
  const batch = 20_000;
  for (let from = 1; from <= emails; from += batch) {
    const to = Math.min(emails, from + batch - 1);
    await db.execute(sql`
      insert into inbox_emails (client_id, source, from_address, from_name, subject, text_body, received_at)
      select (${array}::bigint[])[1 + g % ${ids.length}], 'email', 'billing' || (g % 500) || '@vendor' || (g % 500) || '.test',
             'Vendor ' || (g % 500), 'Invoice ' || g || ' is ready', 'Your bill ' || g || ' is attached.',
             now() - make_interval(mins => g)
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`
    insert into inbox_email_attachments (email_id, file_name, mime_type, size_bytes, storage_key, convertible, position)
    select id, 'invoice.pdf', 'application/pdf', 204800, 'bench/' || id, true, 0 from inbox_emails
    where not exists (select 1 from inbox_email_attachments a where a.email_id = inbox_emails.id)`);
  await db.execute(sql`analyze inbox_emails`);
  await db.execute(sql`analyze inbox_email_attachments`);
}

/** The list cases at the organisation's inbox: first page, a deep page, a search, one client. */
export function listCases(
  orgGuid: string,
  organizationId: number,
  client: { id: number; guid: string },
  emails: number,
): ListCase[] {
  const base = `/v1/inbox/organizations/${orgGuid}/emails`;
  const deepPage = Math.max(1, Math.floor(emails / 10 / 2));
  const live = sql`e.archived_at is null and c.organization_id = ${organizationId}`;
  const rows = sql`select e.* from inbox_emails e join clients c on c.id = e.client_id`;
  return [
    {
      name: 'First page (newest 10)',
      url: `${base}?page=1`,
      baseline: sql`${rows} where ${live} order by e.received_at desc, e.id desc limit 10`,
    },
    {
      name: `Deep page (${deepPage})`,
      url: `${base}?page=${deepPage}`,
      baseline: sql`${rows} where ${live} order by e.received_at desc, e.id desc limit 10 offset ${(deepPage - 1) * 10}`,
    },
    {
      name: 'Search "Vendor 42"',
      url: `${base}?search=${encodeURIComponent('Vendor 42')}`,
      baseline: sql`${rows} where ${live} and (e.from_name ilike '%Vendor 42%' or e.from_address ilike '%Vendor 42%' or e.subject ilike '%Vendor 42%') order by e.received_at desc, e.id desc limit 10`,
    },
    {
      name: 'One client',
      url: `${base}?client=${client.guid}`,
      baseline: sql`${rows} where ${live} and e.client_id = ${client.id} order by e.received_at desc, e.id desc limit 10`,
    },
  ];
}

/** Each case `rounds` times through the whole app (app.inject, signed in) and as its bare SQL. */
export async function measureList(
  env: BenchEnv,
  token: string,
  cases: ListCase[],
  rounds: number,
): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const c of cases) {
    const app: number[] = [];
    const bare: number[] = [];
    let count = 0;
    for (let i = 0; i < rounds + 2; i++) {
      let t = performance.now();
      const res = await env.app.inject({ url: c.url, headers: { authorization: `Bearer ${token}` } });
      const appMs = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      count = (res.json() as { count: number }).count;
      t = performance.now();
      await env.database.db.execute(c.baseline);
      const bareMs = performance.now() - t;
      // The first two warm the caches and plans.
      if (i >= 2) {
        app.push(appMs);
        bare.push(bareMs);
      }
    }
    results.push({
      name: c.name,
      medianMs: quantile(app, 0.5),
      p95Ms: quantile(app, 0.95),
      baselineMedianMs: quantile(bare, 0.5),
      count,
    });
  }
  return results;
}
