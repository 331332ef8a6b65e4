/**
 * A local stand-in of Earth Class Mail's API for the tests and the browser tests (decision 036): the API
 * key in x-api-key, inboxes and pieces paged as `{data, current_page, last_page}`, scans served as PDFs,
 * 429 on demand, and webhooks signed with HMAC-SHA256 of the body (`X-Webhook-Signature: sha256=<hex>`).
 * Plain erasable TypeScript, so the e2e server (Node 24) imports it as it is.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { minimalPdf } from '../../test/minimal-pdf.ts';

export const ECM_STAND_IN_KEY = 'stand-in-ecm-api-key-0001';
const PAGE_SIZE = 2;

interface Piece {
  id: string;
  inbox_id: string;
  created_at: string;
  sender_name: string;
  piece_type: string;
  lines: string[];
}

export async function startEcmStandIn(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {},
) {
  const inboxes: { id: string; name: string }[] = [];
  const pieces: Piece[] = [];
  let rateLimited = 0;
  let base = '';
  const calls: string[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.method === 'POST' && url.pathname.startsWith('/__control/')) {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        const name = url.pathname.slice('/__control/'.length);
        if (name === 'inbox') return send(200, standIn.addInbox(String(body.name)));
        if (name === 'piece') {
          const piece = standIn.addPiece(String(body.inbox_id), body);
          // Announced to the app as the service would, when the e2e server gave a webhook address.
          if (options.webhookUrl && options.webhookSecret) {
            const signed = standIn.signedWebhook(options.webhookSecret, piece);
            void fetch(options.webhookUrl, { method: 'POST', headers: signed.headers, body: signed.body })
              .then(async (r) => send(200, { ...piece, webhook_status: r.status, webhook: await r.json() }))
              .catch((error: unknown) => send(500, { message: String(error) }));
            return;
          }
          return send(200, piece);
        }
        return send(404, { message: 'unknown control' });
      });
      return;
    }
    if (req.headers['x-api-key'] !== ECM_STAND_IN_KEY) return send(401, { message: 'Unauthenticated.' });
    if (rateLimited > 0) {
      rateLimited -= 1;
      return send(429, { message: 'Too Many Attempts.' }, { 'retry-after': '0' });
    }
    const paged = <T>(list: T[]) => {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const last = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
      return {
        data: list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
        current_page: page,
        last_page: last,
        total: list.length,
      };
    };
    const present = (p: Piece) => ({
      id: p.id,
      inbox_id: p.inbox_id,
      created_at: p.created_at,
      sender_name: p.sender_name,
      piece_type: p.piece_type,
      media: [{ id: `${p.id}-scan`, content_type: 'application/pdf', url: `${base}/v1/media/${p.id}` }],
    });
    if (url.pathname === '/v1/user') return send(200, { id: 77, email: 'office@example.com' });
    if (url.pathname === '/v1/inboxes') return send(200, paged(inboxes));
    const inboxPieces = /^\/v1\/inboxes\/([^/]+)\/pieces$/.exec(url.pathname);
    if (inboxPieces) {
      const after = url.searchParams.get('created_after');
      const list = pieces.filter((p) => p.inbox_id === inboxPieces[1] && (!after || p.created_at > after));
      return send(200, paged(list.map(present)));
    }
    const one = /^\/v1\/pieces\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const piece = pieces.find((p) => p.id === one[1]);
      return piece ? send(200, present(piece)) : send(404, { message: 'Not found.' });
    }
    const media = /^\/v1\/media\/([^/]+)$/.exec(url.pathname);
    if (media) {
      const piece = pieces.find((p) => p.id === media[1]);
      if (!piece) return send(404, { message: 'Not found.' });
      return void res.writeHead(200, { 'content-type': 'application/pdf' }).end(minimalPdf(piece.lines));
    }
    return send(404, { message: 'Not found.' });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let sequence = 0;
  const standIn = {
    url: base,
    calls,
    addInbox(name: string) {
      const inbox = { id: `inbox-${inboxes.length + 1}`, name };
      inboxes.push(inbox);
      return inbox;
    },
    addPiece(inboxId: string, piece: { sender_name?: string; lines?: string[]; created_at?: string }) {
      sequence += 1;
      const created: Piece = {
        id: `piece-${sequence}`,
        inbox_id: inboxId,
        created_at: piece.created_at ?? new Date(Date.UTC(2026, 10, 1, 9, sequence)).toISOString(),
        sender_name: piece.sender_name ?? 'Unknown sender',
        piece_type: 'letter',
        lines: piece.lines ?? ['Invoice'],
      };
      pieces.push(created);
      return created;
    },
    rateLimitNext(n: number) {
      rateLimited = n;
    },
    /** The webhook Earth Class Mail sends when a piece is scanned, signed with the shared secret. */
    signedWebhook(secret: string, piece: { id: string; inbox_id: string }) {
      const body = JSON.stringify({
        event: 'piece.scanned',
        data: { piece_id: piece.id, inbox_id: piece.inbox_id },
      });
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      return {
        body,
        headers: { 'content-type': 'application/json', 'x-webhook-signature': `sha256=${signature}` },
      };
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
  return standIn;
}

export type EcmStandIn = Awaited<ReturnType<typeof startEcmStandIn>>;
