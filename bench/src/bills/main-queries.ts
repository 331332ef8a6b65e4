import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RawDb } from '../raw-db.ts';

/**
 * The second baseline of the bills benchmark (issue 12 item 2): a bare `node:http` server on the same
 * driver (pg pool or PGlite) that answers each measured URL by running only **the route's main query**,
 * hand-written — the one statement a minimal server would need for what the page shows (no session, no
 * access check, no count, no approvals or buttons) — and sending its rows as JSON. The app's throughput
 * over this one is the cost of everything the app does beyond its central read.
 */
export interface MainQuery {
  /** In words, for the report. */
  what: string;
  text: string;
  params: unknown[];
}

/** The ids and keys the main queries take, from the generated book. */
export interface MainQueryInputs {
  organizationId: number;
  userId: number;
  billGuid: string;
  clientGuid: string;
  queueDeepOffset: number;
  queueCursor: { due: string; id: number };
  searchDeepOffset: number;
  searchCursor: { created: string; id: number };
}

const SUMMARY = `select b."guid", b."status", b."amount", to_char(b."due_date", 'YYYY-MM-DD') as due_date,
  b."invoice_number", b."payment_method", b."created_at", c."guid" as client_guid, c."name" as client_name,
  e."guid" as entity_guid, e."nickname" as entity_nickname, v."guid" as vendor_guid, v."name" as vendor_name
from "bills" b join "clients" c on c."id" = b."client_id" join "entities" e on e."id" = b."entity_id"
  join "vendors" v on v."id" = b."vendor_id"`;

const QUEUE = `${SUMMARY} where b."organization_id" = $1 and b."status" = 'org_approval'`;
const PAID = `${SUMMARY} where b."organization_id" = $1 and b."status" = 'paid'`;

/** Route key (run-bills.ts) → its main query. Approve is a write and has none. */
export function mainQueries(i: MainQueryInputs): Record<string, MainQuery> {
  return {
    'queue-first': {
      what: 'a page of the queue with client, entity and vendor',
      text: `${QUEUE} order by b."due_date", b."id" limit 11`,
      params: [i.organizationId],
    },
    'queue-deep': {
      what: 'the same page by offset',
      text: `${QUEUE} order by b."due_date", b."id" limit 11 offset $2`,
      params: [i.organizationId, i.queueDeepOffset],
    },
    'queue-deep-cursor': {
      what: 'the same page after the cursor',
      text: `${QUEUE} and (b."due_date", b."id") > ($2::date, $3) order by b."due_date", b."id" limit 11`,
      params: [i.organizationId, i.queueCursor.due, i.queueCursor.id],
    },
    'bill-page': {
      what: 'the bill with its client, entity and vendor',
      text: `${SUMMARY} where b."guid" = $1 and c."guid" = $2`,
      params: [i.billGuid, i.clientGuid],
    },
    search: {
      what: 'a page of paid bills of vendors named like the term in the amount range',
      text: `${PAID} and b."amount" between $2 and $3 and v."name" ilike $4
        order by b."created_at" desc, b."id" desc limit 11`,
      params: [i.organizationId, 50000, 500000, '%Vendor 1%'],
    },
    'search-first': {
      what: 'a page of paid bills, newest first',
      text: `${PAID} order by b."created_at" desc, b."id" desc limit 11`,
      params: [i.organizationId],
    },
    'search-deep': {
      what: 'the same page by offset',
      text: `${PAID} order by b."created_at" desc, b."id" desc limit 11 offset $2`,
      params: [i.organizationId, i.searchDeepOffset],
    },
    'search-deep-cursor': {
      what: 'the same page after the cursor',
      text: `${PAID} and (b."created_at", b."id") < ($2::timestamptz, $3)
        order by b."created_at" desc, b."id" desc limit 11`,
      params: [i.organizationId, `${i.searchCursor.created}Z`, i.searchCursor.id],
    },
    'search-memo': {
      what: 'a page of bills with a line whose memo contains the term',
      text: `${SUMMARY} where b."organization_id" = $1 and exists (select 1 from "bill_lines" l
        where l."organization_id" = $1 and l."bill_id" = b."id" and l."memo" ilike $2)
        order by b."created_at" desc, b."id" desc limit 11`,
      params: [i.organizationId, '%gardening%'],
    },
    organizations: {
      what: "the user's organisations with their unread messages",
      text: `select o."guid", o."name", ou."role", ou."team_label", o."client_property_default",
        (select count(*) from "bill_message_receipts" r where r."user_id" = $1
          and r."organization_id" = o."id" and r."read_at" is null)::int as unread_count
        from "organization_users" ou join "organizations" o on o."id" = ou."organization_id"
        where ou."user_id" = $1 and ou."is_active" order by o."name", o."id" limit 11`,
      params: [i.userId],
    },
  };
}

/**
 * The bare server: URL path (with its query) → main query. No framework, no validation; a 404 for any
 * other URL, a 500 with the error's message when the statement fails.
 */
export function mainQueryServer(raw: RawDb, byUrl: Map<string, MainQuery>): Server {
  return createServer((request, response) => {
    const query = byUrl.get(request.url ?? '');
    if (!query) {
      response.writeHead(404).end();
      return;
    }
    raw.query(query.text, query.params).then(
      (rows) => {
        const body = JSON.stringify({ results: rows });
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : String(error));
      },
    );
  });
}

/** Listens on a free port of 127.0.0.1; answers the base URL and how to close it. */
export async function listenBare(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
