import { z } from 'zod';
import { guid, paged, pageQuery } from './common.ts';

/**
 * QuickBooks Online and QuickBooks Desktop (issue 18, decision 035): an entity's connection to a
 * QuickBooks Online company, its syncs with their per-object results, the bills exported; and the
 * Desktop company files served through the Web Connector, their bills and sessions.
 */

export const QBO_SYNC_SUCCESS = 'Successfully synced with Quickbooks Online';
export const QBO_SYNC_FAILURE = 'Failed to sync with Quickbooks Online';

export const qboSyncResultAction = z.enum(['created', 'updated', 'skipped', 'failed']);

export const qboSyncResult = z.object({
  /** QuickBooks' object name: Vendor, Account, Class, Term, Customer, Bill, BillPayment. */
  object: z.string(),
  qbo_id: z.string().nullable(),
  name: z.string(),
  action: qboSyncResultAction,
  /** The provider's message for `failed` (and why for `skipped` when there is a reason). */
  message: z.string().nullable(),
});
export type QboSyncResult = z.infer<typeof qboSyncResult>;

export const qboSync = z.object({
  guid,
  /** full: everything read; incremental: changes since the last sync (CDC); webhook: asked by QuickBooks; export: bills only. */
  kind: z.enum(['full', 'incremental', 'webhook', 'export']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** The runner's job (GET /v1/jobs/{id} for progress), null when no runner took it. */
  job_id: z.string().nullable(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  }),
  results: z.array(qboSyncResult),
  /** Why the whole sync failed: the provider's message or what to do. */
  error: z.string().nullable(),
  created_on: z.string(),
  started_on: z.string().nullable(),
  finished_on: z.string().nullable(),
});
export type QboSync = z.infer<typeof qboSync>;
export const qboSyncList = paged(qboSync);

export const qboConnection = z.object({
  /** False when the server has no Intuit app settings (QBO_CLIENT_ID, QBO_CLIENT_SECRET). */
  configured: z.boolean(),
  /** revoked: QuickBooks no longer accepts it; staff reconnect. */
  status: z.enum(['not_connected', 'connected', 'revoked', 'disconnected']),
  realm_id: z.string().nullable(),
  company_name: z.string().nullable(),
  connected_on: z.string().nullable(),
  error: z.string().nullable(),
  /** QuickBooks id of the bank account bill payments are drawn from, and its book balance in cents. */
  payment_account_id: z.string().nullable(),
  book_balance: z.number().int().nullable(),
  book_balance_on: z.string().nullable(),
  last_sync: qboSync.nullable(),
  /** Bills and payments recorded for export and not yet sent. */
  exports_waiting: z.number().int(),
});
export type QboConnection = z.infer<typeof qboConnection>;

export const qboAuthorizeResponse = z.object({ authorize_url: z.url() });

export const qboCallbackRequest = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  realm_id: z.string().regex(/^\d{1,32}$/, 'Not a QuickBooks company id.'),
});

export const qboSyncRequest = z.object({
  /** Read everything again instead of the changes since the last sync. */
  full: z.boolean().optional(),
});

export const qboBookBalanceRequest = z.object({
  /** Chooses the payment account (a bank account read from QuickBooks) before reading its balance. */
  payment_account_id: z.string().min(1).max(64).optional(),
});

export const qboExport = z.object({
  guid,
  bill: guid,
  invoice_number: z.string().nullable(),
  amount: z.number().int(),
  kind: z.enum(['bill', 'bill_payment']),
  status: z.enum(['pending', 'exporting', 'exported', 'failed']),
  qbo_id: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  exported_on: z.string().nullable(),
});
export const qboExportList = paged(qboExport);
export type QboExportList = z.infer<typeof qboExportList>;

export const qboListQuery = pageQuery.pick({ page: true, page_size: true });

// ---- QuickBooks Desktop (Web Connector) ----

export const qbdSessionError = z.object({
  request: z.string(),
  status_code: z.string(),
  severity: z.string(),
  message: z.string(),
});

export const qbdSession = z.object({
  guid,
  status: z.enum(['open', 'done', 'failed']),
  counts: z.record(z.string(), z.number().int()),
  errors: z.array(qbdSessionError),
  last_error: z.string().nullable(),
  started_on: z.string(),
  finished_on: z.string().nullable(),
});
export const qbdSessionList = paged(qbdSession);

export const qbdCompanyFile = z.object({
  guid,
  name: z.string(),
  username: z.string(),
  is_active: z.boolean(),
  created_on: z.string(),
  bills: z.number().int(),
  last_session: qbdSession.nullable(),
});
export type QbdCompanyFile = z.infer<typeof qbdCompanyFile>;
export const qbdCompanyFileList = z.object({ results: z.array(qbdCompanyFile) });

export const qbdCompanyFileRequest = z.object({
  name: z.string().trim().min(1, 'Name the company file.').max(100),
});

/** The company file with its Web Connector password: shown this once, never again. */
export const qbdCompanyFileCreated = qbdCompanyFile.extend({ password: z.string() });

export const qbdBill = z.object({
  guid,
  txn_id: z.string().nullable(),
  /** Our bill, when it was added from here (or matched). */
  bill: guid.nullable(),
  vendor_name: z.string().nullable(),
  ref_number: z.string().nullable(),
  txn_date: z.string().nullable(),
  due_date: z.string().nullable(),
  amount: z.number().int(),
  is_paid: z.boolean().nullable(),
  status: z.enum(['in_file', 'to_add', 'added', 'failed']),
  error: z.string().nullable(),
});
export const qbdBillList = paged(qbdBill);
