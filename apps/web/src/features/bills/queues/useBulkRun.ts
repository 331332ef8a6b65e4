import type { BillSummary, BulkApproveRejectRequest, BulkRecordPaymentRequest } from '@bp/contracts';
import { billWorkflowRoutes } from '@bp/contracts';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import type { PaymentValues } from '../shared/RecordPaymentDialog.tsx';
import { chunk } from './queue-params.ts';

/** Bills sent per call, so progress moves and one slow call never holds everything. */
export const BULK_CHUNK_SIZE = 10;

/** approve, reject, record a phone approval (staff), record the payment. */
export type BulkAction = 'approve' | 'reject' | 'verbal' | 'payment';

export interface BulkReason {
  reject_reason?: BulkApproveRejectRequest['reject_reason'];
  reject_other_description?: string | null;
}

export interface BulkFailure {
  bill: BillSummary;
  detail: string;
}

export interface BulkOutcome {
  action: BulkAction;
  total: number;
  succeeded: number;
  failures: BulkFailure[];
}

export interface BulkProgress {
  action: BulkAction;
  done: number;
  total: number;
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * Approves, rejects, records phone approvals or payments of bills through the organisation's bulk endpoints, BULK_CHUNK_SIZE at a time,
 * each chunk with its own Idempotency-Key. A chunk that fails as a whole marks its bills failed and
 * the run goes on with the next.
 */
export function useBulkRun(orgGuid: string) {
  const { api } = useSession();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (
      action: BulkAction,
      bills: readonly BillSummary[],
      reason: BulkReason = {},
      payment?: PaymentValues,
    ): Promise<BulkOutcome> => {
      if (running.current) throw new Error('A bulk action is already running.');
      running.current = true;
      const byGuid = new Map(bills.map((bill) => [bill.guid, bill]));
      const failures: BulkFailure[] = [];
      let succeeded = 0;
      let done = 0;
      setProgress({ action, done, total: bills.length });
      try {
        for (const part of chunk(bills, BULK_CHUNK_SIZE)) {
          const guids = part.map((bill) => bill.guid);
          const options = {
            params: { organizationGuid: orgGuid },
            headers: { 'Idempotency-Key': newKey() },
          };
          try {
            const answer =
              action === 'payment'
                ? await api.call(billWorkflowRoutes.postBillingOrganizationBulkRecordPayment, {
                    ...options,
                    body: { bills: guids, ...payment } as BulkRecordPaymentRequest,
                  })
                : await api.call(billWorkflowRoutes.postBillingOrganizationBulkApproveReject, {
                    ...options,
                    body: {
                      bills: guids,
                      action: action === 'reject' ? 'reject' : 'approve',
                      ...(action === 'verbal' ? { verbal: true } : {}),
                      ...(action === 'reject' ? reason : {}),
                    } as BulkApproveRejectRequest,
                  });
            const answered = new Set<string>();
            for (const result of answer.results) {
              answered.add(result.bill);
              const bill = byGuid.get(result.bill);
              if (!bill) continue;
              if (result.ok) succeeded += 1;
              else failures.push({ bill, detail: result.detail ?? 'The bill was not changed.' });
            }
            for (const bill of part) {
              if (!answered.has(bill.guid)) failures.push({ bill, detail: 'No answer for this bill.' });
            }
          } catch (error) {
            const detail = apiErrorMessage(error);
            for (const bill of part) failures.push({ bill, detail });
          }
          done += part.length;
          setProgress({ action, done, total: bills.length });
        }
      } finally {
        running.current = false;
        setProgress(null);
      }
      return { action, total: bills.length, succeeded, failures };
    },
    [api, orgGuid],
  );

  return { run, progress };
}
