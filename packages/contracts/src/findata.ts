/**
 * Financial data (issue 19, decision 036): bank feeds through an aggregator (Plaid's API), funding
 * required, matching paid bills to bank lines, investment positions (Finicity's API) and mail-scan
 * mailboxes (Earth Class Mail's API). Money is integer cents; a bank line's amount is signed as the
 * aggregator signs it: positive = money out of the account (a debit), negative = money in.
 */
import { z } from 'zod';
import { guid } from './common.ts';

// ---- bank feeds ------------------------------------------------------------------------------------

export const FEED_ITEM_STATUS_VALUES = ['active', 'login_required', 'disconnected'] as const;
export type FeedItemStatus = (typeof FEED_ITEM_STATUS_VALUES)[number];

export const linkSetupRequest = z
  .object({
    /** Where the hosted link page sends the browser back (an https URL, or the app's own origin in demo). */
    redirect_uri: z.url('Enter a URL.').max(2000).optional(),
  })
  .strict();
export type LinkSetupRequest = z.infer<typeof linkSetupRequest>;

export const linkSetup = z.object({
  link_token: z.string(),
  /** The aggregator's hosted link page: the browser goes there, consents, and comes back. */
  hosted_link_url: z.string(),
  expiration: z.string(),
});
export type LinkSetup = z.infer<typeof linkSetup>;

export const linkCompleteRequest = z
  .object({ link_token: z.string().min(1, 'This field is required.').max(200) })
  .strict();

export const feedItem = z.object({
  guid,
  entity_guid: guid,
  entity_name: z.string(),
  institution_name: z.string().nullable(),
  status: z.enum(FEED_ITEM_STATUS_VALUES),
  /** The aggregator's error code while the link is broken (e.g. ITEM_LOGIN_REQUIRED). */
  error_code: z.string().nullable(),
  /** What the person should do about it, in words. */
  error_message: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  /**
   * While a new link's history comes in on the job runner (`bank-feeds.first-sync`, decision 037): the
   * job, whose progress the person who linked reads at `GET /v1/jobs/{id}`; null once synced.
   */
  first_sync_job_id: z.string().nullable(),
  created_on: z.string(),
});
export type FeedItem = z.infer<typeof feedItem>;

export const fundingStatus = z.object({
  /** Bills of the entity waiting for payment (in approval or payment pending), cents. */
  waiting_total: z.number().int(),
  waiting_count: z.number().int(),
  /** The entity's minimum_account_balance, cents. */
  minimum_balance: z.number().int(),
  /** Balance less the minimum, cents (may be negative). */
  available: z.number().int(),
  funding_required: z.boolean(),
  /** How much to move into the account, cents (0 when none). */
  amount_to_move: z.number().int(),
  /** The due date of the first waiting bill the account cannot cover, or null. */
  fund_by: z.string().nullable(),
});
export type FundingStatus = z.infer<typeof fundingStatus>;

export const feedAccount = z.object({
  guid,
  item_guid: guid,
  entity_guid: guid,
  entity_name: z.string(),
  name: z.string(),
  official_name: z.string().nullable(),
  mask: z.string().nullable(),
  type: z.string(),
  subtype: z.string().nullable(),
  /** The client's account (financial accounts, client records) it feeds. */
  institution_guid: guid.nullable(),
  current_balance: z.number().int().nullable(),
  available_balance: z.number().int().nullable(),
  balance_at: z.string().nullable(),
  /** The account the entity's bills are paid from (its first checking account unless set). */
  pays_bills: z.boolean(),
  /** The entity's books account its lines land in (decision 037); null for accounts without bank lines. */
  book_account: z.object({ guid, name: z.string() }).nullable(),
  funding: fundingStatus.nullable(),
  item_status: z.enum(FEED_ITEM_STATUS_VALUES),
});
export type FeedAccount = z.infer<typeof feedAccount>;

export const feedOverview = z.object({
  items: z.array(feedItem),
  accounts: z.array(feedAccount),
  /** The aggregator's settings are present (PLAID_CLIENT_ID and PLAID_SECRET). */
  configured: z.boolean(),
});
export type FeedOverview = z.infer<typeof feedOverview>;

export const syncResult = z.object({
  results: z.array(
    z.object({
      item_guid: guid,
      status: z.enum(FEED_ITEM_STATUS_VALUES),
      added: z.number().int(),
      modified: z.number().int(),
      removed: z.number().int(),
      statements: z.number().int(),
    }),
  ),
});
export type SyncResult = z.infer<typeof syncResult>;

export const bankTransaction = z.object({
  guid,
  account_guid: guid,
  /** Signed cents: positive = money out (debit), negative = money in. */
  amount: z.number().int(),
  date: z.string(),
  name: z.string(),
  merchant_name: z.string().nullable(),
  check_number: z.string().nullable(),
  pending: z.boolean(),
});
export type BankTransaction = z.infer<typeof bankTransaction>;

export const transactionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const feedStatement = z.object({
  guid,
  account_guid: guid,
  month: z.number().int(),
  year: z.number().int(),
  date_posted: z.string().nullable(),
  /** The client document the statement became (client records' documents). */
  document_guid: guid.nullable(),
  reconciliation_guid: guid.nullable(),
});
export const feedStatementList = z.object({ results: z.array(feedStatement) });

/**
 * One change at a time: make it the paying account, tie it to another books account of its entity
 * (its lines that posted nothing move along), or to a new books account made for it.
 */
export const patchFeedAccountRequest = z
  .object({
    pays_bills: z.literal(true, 'Only true is accepted: choose the account that pays.').optional(),
    book_account: guid.optional(),
    create_book_account: z.literal(true, 'Only true is accepted.').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const given = [v.pays_bills, v.book_account, v.create_book_account].filter((x) => x !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['book_account'],
        message: 'Send one of pays_bills, book_account or create_book_account.',
      });
  });

export const fundingOverview = z.object({
  results: z.array(
    feedAccount.pick({ guid: true, entity_guid: true, entity_name: true, name: true, mask: true }).extend({
      current_balance: z.number().int().nullable(),
      funding: fundingStatus,
    }),
  ),
});
export type FundingOverview = z.infer<typeof fundingOverview>;

export const webhookAnswer = z.object({ status: z.string() });

/** Plaid's webhook body: the fields we act on; the rest of what Plaid sends is accepted and ignored. */
export const aggregatorWebhook = z
  .object({
    webhook_type: z.string().min(1).max(100),
    webhook_code: z.string().min(1).max(100),
    item_id: z.string().max(200).optional(),
    error: z
      .object({ error_type: z.string().max(100).optional(), error_code: z.string().max(100).optional() })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();

/** The mail-scan service's webhook body (Earth Class Mail style). */
export const mailScanWebhook = z
  .object({
    event: z.string().min(1).max(100),
    data: z
      .object({
        piece_id: z.union([z.string().max(200), z.number()]),
        inbox_id: z.union([z.string().max(200), z.number()]),
      })
      .loose(),
  })
  .loose();

// ---- matching paid bills to bank lines -------------------------------------------------------------

export const MATCH_STATE_VALUES = ['to_match', 'matched', 'document_requested'] as const;
export type MatchState = (typeof MATCH_STATE_VALUES)[number];

export const matchCandidate = z.object({
  bill_guid: guid,
  payee: z.string(),
  amount: z.number().int(),
  paid_date: z.string().nullable(),
  payment_reference: z.string().nullable(),
  /** 0..100. */
  score: z.number().int(),
  reasons: z.array(z.string()),
});
export type MatchCandidate = z.infer<typeof matchCandidate>;

export const bankLineMatch = z.object({
  transaction: bankTransaction,
  account_name: z.string(),
  state: z.enum(MATCH_STATE_VALUES),
  /** The applied match, when matched. */
  match: matchCandidate.extend({ method: z.enum(['auto', 'manual']), matched_on: z.string() }).nullable(),
  candidates: z.array(matchCandidate),
  task_guid: guid.nullable(),
});
export type BankLineMatch = z.infer<typeof bankLineMatch>;

export const bankMatchingQuery = z.object({
  state: z.enum(MATCH_STATE_VALUES).default('to_match'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const matchRunResult = z.object({ applied: z.number().int(), to_match: z.number().int() });

export const acceptMatchRequest = z.object({ bill_guid: guid }).strict();

export const requestDocumentRequest = z
  .object({ message: z.string().trim().min(1, 'This field is required.').max(2000).optional() })
  .strict();

export const reconciliationBankItems = z.object({
  statements: z.array(feedStatement),
  /** Debits with no matched bill, older than the limit (days). */
  unmatched_debits: z.array(bankTransaction),
  older_than_days: z.number().int(),
});
export type ReconciliationBankItems = z.infer<typeof reconciliationBankItems>;

// ---- investments -----------------------------------------------------------------------------------

export const investmentPosition = z.object({
  symbol: z.string().nullable(),
  description: z.string(),
  units: z.number(),
  /** Cents. */
  market_value: z.number().int(),
  security_type: z.string().nullable(),
});

export const investmentAccount = z.object({
  guid,
  name: z.string(),
  number_display: z.string().nullable(),
  type: z.string(),
  institution_name: z.string().nullable(),
  /** Cents. */
  balance: z.number().int(),
  balance_date: z.string().nullable(),
  positions: z.array(investmentPosition),
});
export type InvestmentAccount = z.infer<typeof investmentAccount>;

export const investmentOverview = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  last_refreshed_at: z.string().nullable(),
  total: z.number().int(),
  accounts: z.array(investmentAccount),
});
export type InvestmentOverview = z.infer<typeof investmentOverview>;

export const investmentConnect = z.object({ connect_url: z.string() });

// ---- mail-scan -------------------------------------------------------------------------------------

export const mailServiceStatus = z.object({
  configured: z.boolean(),
  reachable: z.boolean(),
  detail: z.string(),
  mailbox_count: z.number().int(),
});

export const mailbox = z.object({
  /** The mail-scan service's id of the mailbox. */
  mailbox_id: z.string(),
  name: z.string(),
  client_guid: guid.nullable(),
  client_name: z.string().nullable(),
  pieces_received: z.number().int(),
  last_piece_at: z.string().nullable(),
});
export type Mailbox = z.infer<typeof mailbox>;
export const mailboxList = z.object({ results: z.array(mailbox) });

export const mailServiceConnectRequest = z
  .object({
    api_key: z.string().trim().min(16, 'Enter the API key the mail-scan service gave you.').max(200),
  })
  .strict();

export const assignMailboxRequest = z.object({ client_guid: guid.nullable() }).strict();

export const mailPollResult = z.object({ received: z.number().int(), skipped: z.number().int() });
