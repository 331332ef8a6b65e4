/**
 * A client of Earth Class Mail's REST API (https://api.earthclassmail.com, decision 036): the static API
 * key in `x-api-key`, paged lists `{data, current_page, last_page}`, a piece's scans as `media` with a
 * URL to fetch (with the same key), and 429 when over its rate limit (300 a minute: we wait and retry).
 */
export class MailScanError extends Error {
  override name = 'MailScanError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface MailPiece {
  id: string | number;
  inbox_id: string | number;
  created_at: string;
  sender_name?: string | null;
  piece_type?: string | null;
  media?: { id?: string | number; content_type: string; url: string }[];
}

interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
}

const RETRIES = 3;

export function mailScanClient(baseUrl: string, apiKey: string) {
  async function request(url: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const target = new URL(/^https?:/.test(url) ? url : `${baseUrl}${url}`);
      // The key goes only to the service itself: a scan served from elsewhere (a storage link) gets none.
      const own = target.origin === new URL(baseUrl).origin;
      const response = await fetch(target, {
        headers: { ...(own ? { 'x-api-key': apiKey } : {}), accept: 'application/json' },
        signal: AbortSignal.timeout(60_000),
      });
      if (response.status === 429 && attempt < RETRIES) {
        const wait = Math.min(Number(response.headers.get('retry-after') ?? 1), 5);
        await new Promise((done) => setTimeout(done, wait * 1000));
        continue;
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        throw new MailScanError(
          response.status,
          String(body.message ?? `the service answered ${response.status}`),
        );
      }
      return response;
    }
  }
  const json = async <T>(url: string) => (await (await request(url)).json()) as T;

  async function allPages<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const answer = await json<Page<T>>(`${path}${sep}page=${page}`);
      out.push(...answer.data);
      if (answer.current_page >= answer.last_page) return out;
    }
  }

  return {
    whoami: () => json<{ id: string | number; email?: string }>('/v1/user'),
    inboxes: () => allPages<{ id: string | number; name: string }>('/v1/inboxes'),
    pieces: (inboxId: string, createdAfter: string | null) =>
      allPages<MailPiece>(
        `/v1/inboxes/${encodeURIComponent(inboxId)}/pieces${createdAfter ? `?created_after=${encodeURIComponent(createdAfter)}` : ''}`,
      ),
    piece: (pieceId: string) => json<MailPiece>(`/v1/pieces/${encodeURIComponent(pieceId)}`),
    async download(url: string): Promise<Buffer> {
      return Buffer.from(await (await request(url)).arrayBuffer());
    },
  };
}

export type MailScanClient = ReturnType<typeof mailScanClient>;
