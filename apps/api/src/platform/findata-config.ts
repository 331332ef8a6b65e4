/**
 * Settings of the financial-data providers (issue 19, decision 036). Each provider is "not configured"
 * until its credentials are set; its base URL defaults to the real provider's production API, and tests
 * and the browser tests point it at a local stand-in of the same API.
 */
export interface FinancialDataConfig {
  /** Plaid: PLAID_CLIENT_ID + PLAID_SECRET (both set = configured), PLAID_BASE_URL, PLAID_WEBHOOK_URL. */
  plaid: { baseUrl: string; clientId: string; secret: string; webhookUrl: string; clientName: string } | null;
  /** Finicity: FINICITY_PARTNER_ID + FINICITY_PARTNER_SECRET + FINICITY_APP_KEY, FINICITY_BASE_URL, FINICITY_CUSTOMER_PATH. */
  finicity: {
    baseUrl: string;
    partnerId: string;
    partnerSecret: string;
    appKey: string;
    /** The customer-create path (SPEC §7: "set by configuration"): /active in production, /testing in a sandbox. */
    customerPath: string;
  } | null;
  /**
   * Earth Class Mail: MAIL_SCAN_BASE_URL, MAIL_SCAN_WEBHOOK_SECRET (HMAC key of its webhook; unset = the
   * webhook is off and mail comes by polling). Each organisation connects its own account's API key.
   */
  mailScan: { baseUrl: string; webhookSecret: string | null };
  /** BANK_UNMATCHED_DAYS: a debit unmatched for longer shows on its reconciliation (default 10). */
  unmatchedDays: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function loadFinancialDataConfig(env: NodeJS.ProcessEnv, publicUrl: string): FinancialDataConfig {
  const plaid =
    env.PLAID_CLIENT_ID && env.PLAID_SECRET
      ? {
          baseUrl: trimSlash(env.PLAID_BASE_URL || 'https://production.plaid.com'),
          clientId: env.PLAID_CLIENT_ID,
          secret: env.PLAID_SECRET,
          webhookUrl: env.PLAID_WEBHOOK_URL || `${publicUrl}/v1/integrations/aggregator/webhook`,
          clientName: env.PLAID_CLIENT_NAME || 'Bill Pay',
        }
      : null;
  const finicity =
    env.FINICITY_PARTNER_ID && env.FINICITY_PARTNER_SECRET && env.FINICITY_APP_KEY
      ? {
          baseUrl: trimSlash(env.FINICITY_BASE_URL || 'https://api.finicity.com'),
          partnerId: env.FINICITY_PARTNER_ID,
          partnerSecret: env.FINICITY_PARTNER_SECRET,
          appKey: env.FINICITY_APP_KEY,
          customerPath: env.FINICITY_CUSTOMER_PATH || '/aggregation/v2/customers/active',
        }
      : null;
  const webhookSecret = env.MAIL_SCAN_WEBHOOK_SECRET || null;
  if (webhookSecret !== null && webhookSecret.length < 16)
    throw new Error('MAIL_SCAN_WEBHOOK_SECRET must be at least 16 characters long.');
  const mailScan = {
    baseUrl: trimSlash(env.MAIL_SCAN_BASE_URL || 'https://api.earthclassmail.com'),
    webhookSecret,
  };
  const days = Number(env.BANK_UNMATCHED_DAYS ?? 10);
  if (!Number.isInteger(days) || days < 0)
    throw new Error('BANK_UNMATCHED_DAYS must be a whole number of days.');
  return { plaid, finicity, mailScan, unmatchedDays: days };
}
