/**
 * A client of Plaid's API (https://plaid.com/docs/api/): JSON POSTs carrying client_id and secret, an
 * error body `{error_type, error_code, error_message, display_message, request_id}`. The base URL comes
 * from PLAID_BASE_URL (production by default); tests point it at the stand-in (plaid-stand-in-test-
 * support.ts). Nothing here logs a token or a secret.
 */

export interface PlaidSettings {
  baseUrl: string;
  clientId: string;
  secret: string;
}

export class PlaidError extends Error {
  override name = 'PlaidError';
  constructor(
    readonly status: number,
    readonly errorType: string,
    readonly errorCode: string,
    message: string,
    readonly displayMessage: string | null,
  ) {
    super(message);
  }
  /** The bank asks the person to sign in again (update mode fixes it). */
  get loginRequired() {
    return this.errorCode === 'ITEM_LOGIN_REQUIRED';
  }
}

export interface PlaidAccount {
  account_id: string;
  name: string;
  official_name: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
  balances: { current: number | null; available: number | null; iso_currency_code: string | null };
}

export interface PlaidTransaction {
  transaction_id: string;
  account_id: string;
  /** Dollars, positive = money out. */
  amount: number;
  date: string;
  name: string;
  merchant_name?: string | null;
  check_number?: string | null;
  pending: boolean;
  pending_transaction_id?: string | null;
}

export interface TransactionsSyncPage {
  added: PlaidTransaction[];
  modified: PlaidTransaction[];
  removed: { transaction_id: string; account_id?: string }[];
  next_cursor: string;
  has_more: boolean;
}

export interface StatementsList {
  item_id: string;
  institution_name?: string | null;
  accounts: {
    account_id: string;
    statements: { statement_id: string; month: number; year: number; date_posted?: string | null }[];
  }[];
}

export interface LinkTokenGet {
  link_token: string;
  link_sessions?: {
    link_session_id: string;
    finished_at?: string | null;
    results?: {
      item_add_results?: { public_token: string; institution?: { name?: string | null } | null }[];
    } | null;
  }[];
}

/** Plaid's amounts are decimal dollars; ours are cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

const RATE_LIMIT_RETRIES = 3;

export function plaidClient(settings: PlaidSettings, fetcher: typeof fetch = fetch) {
  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetcher(`${settings.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-version': '2020-09-14' },
        body: JSON.stringify({ client_id: settings.clientId, secret: settings.secret, ...body }),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return (await response.json()) as T;
      const error = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const plaid = new PlaidError(
        response.status,
        String(error.error_type ?? 'API_ERROR'),
        String(error.error_code ?? `HTTP_${response.status}`),
        String(error.error_message ?? `Plaid answered ${response.status} to ${path}`),
        typeof error.display_message === 'string' ? error.display_message : null,
      );
      // Rate limits clear within seconds: retry a few times with a growing wait, then give up.
      if (plaid.errorType === 'RATE_LIMIT_EXCEEDED' && attempt < RATE_LIMIT_RETRIES) {
        await new Promise((done) => setTimeout(done, 250 * 2 ** attempt));
        continue;
      }
      throw plaid;
    }
  }

  return {
    linkTokenCreate: (body: {
      client_name: string;
      user: { client_user_id: string };
      webhook: string;
      completion_redirect_uri?: string;
      access_token?: string;
    }) =>
      call<{ link_token: string; expiration: string; hosted_link_url?: string }>('/link/token/create', {
        client_name: body.client_name,
        language: 'en',
        country_codes: ['US'],
        user: body.user,
        webhook: body.webhook,
        // Update mode (repairing a login) takes the item's access token instead of products.
        ...(body.access_token
          ? { access_token: body.access_token }
          : { products: ['transactions'], additional_consented_products: ['statements'] }),
        hosted_link: body.completion_redirect_uri
          ? { completion_redirect_uri: body.completion_redirect_uri }
          : {},
      }),
    linkTokenGet: (linkToken: string) => call<LinkTokenGet>('/link/token/get', { link_token: linkToken }),
    publicTokenExchange: (publicToken: string) =>
      call<{ access_token: string; item_id: string }>('/item/public_token/exchange', {
        public_token: publicToken,
      }),
    accountsBalanceGet: (accessToken: string) =>
      call<{ accounts: PlaidAccount[]; item: { item_id: string; institution_id?: string | null } }>(
        '/accounts/balance/get',
        { access_token: accessToken },
      ),
    transactionsSync: (accessToken: string, cursor: string | null, count = 500) =>
      call<TransactionsSyncPage>('/transactions/sync', {
        access_token: accessToken,
        ...(cursor ? { cursor } : {}),
        count,
      }),
    statementsList: (accessToken: string) =>
      call<StatementsList>('/statements/list', { access_token: accessToken }),
    /** The statement's PDF bytes. */
    async statementsDownload(accessToken: string, statementId: string): Promise<Buffer> {
      const response = await fetcher(`${settings.baseUrl}/statements/download`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: settings.clientId,
          secret: settings.secret,
          access_token: accessToken,
          statement_id: statementId,
        }),
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) {
        const error = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        throw new PlaidError(
          response.status,
          String(error.error_type ?? 'API_ERROR'),
          String(error.error_code ?? `HTTP_${response.status}`),
          String(error.error_message ?? 'statement download failed'),
          null,
        );
      }
      return Buffer.from(await response.arrayBuffer());
    },
    itemRemove: (accessToken: string) =>
      call<{ request_id: string }>('/item/remove', { access_token: accessToken }),
    webhookVerificationKeyGet: (keyId: string) =>
      call<{
        key: {
          alg: string;
          crv: string;
          kid: string;
          kty: string;
          x: string;
          y: string;
          expired_at: number | null;
        };
      }>('/webhook_verification_key/get', { key_id: keyId }),
  };
}

export type PlaidClient = ReturnType<typeof plaidClient>;
