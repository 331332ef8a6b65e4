import type { ApiClient } from '@bp/api-client';
import { type Bill, billWorkflowRoutes, type RouteBody } from '@bp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import type { PaymentValues } from '../shared/RecordPaymentDialog.tsx';
import { CONFLICT_MESSAGE, isStatus } from './api.ts';
import { newIdempotencyKey } from './idempotency.ts';
import { useRefreshBill } from './useBill.ts';

type WorkflowBody = RouteBody<typeof billWorkflowRoutes.postBillingClientBillWorkflow>;

export type WorkflowActionKind = 'approve' | 'verbal' | 'reject' | 'revise' | 'reverse' | 'payment';

export interface RejectValues {
  reject_reason: string;
  reject_other_description: string;
}

/** What the dialogs hand over: a reject reason, a reason in words, or the payment details. */
export type ActionValues = Partial<RejectValues & { reason: string } & PaymentValues>;

type Send = (
  api: ApiClient,
  params: { clientGuid: string; billGuid: string },
  headers: Record<string, string>,
) => Promise<unknown>;

/** What each action sends (its route and body), how, and what it says when done. */
function requestOf(kind: WorkflowActionKind, bill: Bill, values: ActionValues) {
  const version = bill.version;
  const workflow = (body: WorkflowBody, done: string) => ({
    body,
    done,
    send: ((api, params, headers) =>
      api.call(billWorkflowRoutes.postBillingClientBillWorkflow, { params, body, headers })) as Send,
  });
  switch (kind) {
    case 'approve':
      return workflow({ action: 'approve', version }, 'Bill approved.');
    case 'verbal':
      return workflow({ action: 'approve', verbal: true, version }, 'Verbal approval recorded.');
    case 'reject': {
      const description = values.reject_other_description?.trim();
      return workflow(
        {
          action: 'reject',
          version,
          reject_reason: values.reject_reason as WorkflowBody['reject_reason'],
          ...(description ? { reject_other_description: description } : {}),
        },
        'Bill rejected.',
      );
    }
    case 'revise':
      return workflow({ action: 'revise', version, reason: values.reason?.trim() }, 'Changes requested.');
    case 'reverse': {
      // The dialogs require the reason; the API answers 400 by field if one is missing.
      const body = { reason: values.reason?.trim(), version } as RouteBody<
        typeof billWorkflowRoutes.postBillingClientBillWorkflowReversePayment
      >;
      return {
        body,
        done: 'Payment reversed.',
        send: ((api, params, headers) =>
          api.call(billWorkflowRoutes.postBillingClientBillWorkflowReversePayment, {
            params,
            body,
            headers,
          })) as Send,
      };
    }
    case 'payment': {
      // The dialog requires the date and account; the API answers 400 by field if one is missing.
      const body = {
        payment_date: values.payment_date,
        paid_from_account: values.paid_from_account,
        reference: values.reference ?? null,
        version,
      } as RouteBody<typeof billWorkflowRoutes.postBillingClientBillWorkflowRecordPayment>;
      return {
        body,
        done: 'Payment recorded.',
        send: ((api, params, headers) =>
          api.call(billWorkflowRoutes.postBillingClientBillWorkflowRecordPayment, {
            params,
            body,
            headers,
          })) as Send,
      };
    }
  }
}

/**
 * One workflow dialog at a time. Opening a dialog makes a new Idempotency-Key; retrying the same
 * submission (after a network failure, say) reuses it, so the server replays instead of acting twice.
 * Changing the form before retrying makes a new key (the server refuses one key with two bodies).
 * A 409 closes the dialog, says the bill changed and refetches it; other refusals stay in the dialog.
 */
export function useWorkflowAction(clientGuid: string, bill: Bill) {
  const { api } = useSession();
  const toast = useToast();
  const refresh = useRefreshBill(clientGuid, bill.guid);
  const [open, setOpen] = useState<WorkflowActionKind | null>(null);
  // The key of this dialog opening and the body it was last sent with: the API replays a repeated
  // key and refuses (422) the same key with another body, so a changed form gets a fresh key.
  const attempt = useRef<{ key: string; body: string | null }>({ key: '', body: null });
  const [problem, setProblem] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: async (input: { kind: WorkflowActionKind; values: ActionValues }) => {
      const request = requestOf(input.kind, bill, input.values);
      const body = JSON.stringify(request.body);
      if (attempt.current.body !== null && attempt.current.body !== body) {
        attempt.current.key = newIdempotencyKey();
      }
      attempt.current.body = body;
      await request.send(
        api,
        { clientGuid, billGuid: bill.guid },
        { 'Idempotency-Key': attempt.current.key },
      );
      return request.done;
    },
    onMutate: () => setProblem(null),
    onSuccess: async (done) => {
      toast.success(done);
      setOpen(null);
      await refresh();
    },
    onError: async (error) => {
      if (isStatus(error, 409)) {
        toast.error(CONFLICT_MESSAGE);
        setOpen(null);
        await refresh();
        return;
      }
      setProblem(apiErrorMessage(error));
    },
  });

  const start = useCallback((kind: WorkflowActionKind) => {
    attempt.current = { key: newIdempotencyKey(), body: null };
    setProblem(null);
    setOpen(kind);
  }, []);
  const close = useCallback(() => {
    if (!mutation.isPending) setOpen(null);
  }, [mutation.isPending]);
  const submit = useCallback(
    (values: ActionValues = {}) => {
      if (open) mutation.mutate({ kind: open, values });
    },
    [open, mutation],
  );

  return { open, start, close, submit, pending: mutation.isPending, problem };
}
