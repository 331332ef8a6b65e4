/**
 * A client of Finicity's (Mastercard Open Finance) API: partner authentication (a token valid two hours,
 * renewed after 90 minutes or on a 401), customer create at a configurable path (SPEC §7: /active in
 * production, /testing in a sandbox), the Connect link, and the customer's accounts with their positions.
 * Headers Finicity-App-Key and Finicity-App-Token; JSON both ways; errors `{code, message}`.
 */
export interface FinicitySettings {
  baseUrl: string;
  partnerId: string;
  partnerSecret: string;
  appKey: string;
  customerPath: string;
}

export class FinicityError extends Error {
  override name = 'FinicityError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FinicityPosition {
  id?: string | number;
  symbol?: string | null;
  description?: string | null;
  units?: number | null;
  marketValue?: number | null;
  securityType?: string | null;
}

export interface FinicityAccount {
  id: string;
  accountNumberDisplay?: string | null;
  name: string;
  type: string;
  balance: number;
  /** Epoch seconds. */
  balanceDate?: number | null;
  institutionName?: string | null;
  position?: FinicityPosition[];
}

const TOKEN_LIFETIME_MS = 90 * 60_000;

export function finicityClient(settings: FinicitySettings, now: () => number = Date.now) {
  let token: { value: string; at: number } | null = null;

  async function authenticate(): Promise<string> {
    const response = await fetch(`${settings.baseUrl}/aggregation/v2/partners/authentication`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'Finicity-App-Key': settings.appKey,
      },
      body: JSON.stringify({ partnerId: settings.partnerId, partnerSecret: settings.partnerSecret }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw await errorOf(response);
    const body = (await response.json()) as { token: string };
    token = { value: body.token, at: now() };
    return body.token;
  }

  async function errorOf(response: Response) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    return new FinicityError(
      response.status,
      String(body.code ?? response.status),
      String(body.message ?? `Finicity answered ${response.status}`),
    );
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const current = token && now() - token.at < TOKEN_LIFETIME_MS ? token.value : await authenticate();
      const response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'Finicity-App-Key': settings.appKey,
          'Finicity-App-Token': current,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return (await response.json()) as T;
      // An expired token: authenticate again once.
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      throw await errorOf(response);
    }
  }

  return {
    authenticate,
    createCustomer: (customer: { username: string; firstName: string; lastName: string }) =>
      call<{ id: string; username: string; createdDate: string }>('POST', settings.customerPath, customer),
    connectLink: (customerId: string, redirectUri: string) =>
      call<{ link: string }>('POST', '/connect/v2/generate', {
        partnerId: settings.partnerId,
        customerId,
        redirectUri,
      }),
    customerAccounts: (customerId: string) =>
      call<{ accounts: FinicityAccount[] }>(
        'GET',
        `/aggregation/v1/customers/${encodeURIComponent(customerId)}/accounts`,
      ),
  };
}

export type FinicityClient = ReturnType<typeof finicityClient>;
