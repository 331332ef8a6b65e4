import type { Bill } from '@bp/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import type { PaymentValues } from '../shared/RecordPaymentDialog.tsx';
import { billApiPath, CONFLICT_MESSAGE, isStatus } from './api.ts';
import { newIdempotencyKey } from './idempotency.ts';
import { useRefreshBill } from './useBill.ts';

export type WorkflowActionKind = 'approve' | 'verbal' | 'reject' | 'revise' | 'reverse' | 'payment';

export interface RejectValues {
  reject_reason: string;
  reject_other_description: string;
}

/** What the dialogs hand over: a reject reason, a reason in words, or the payment details. */
export type ActionValues = Partial<RejectValues & { reason: string } & PaymentValues>;

/** What each action sends and says when done. */
function requestOf(kind: WorkflowActionKind, bill: Bill, values: ActionValues) {
  const version = bill.version;
  switch (kind) {
    case 'approve':
      return { suffix: 'workflow', body: { action: 'approve', version }, done: 'Bill approved.' };
    case 'verbal':
      return {
        suffix: 'workflow',
        body: { action: 'approve', verbal: true, version },
        done: 'Verbal approval recorded.',
      };
    case 'reject': {
      const description = values.reject_other_description?.trim();
      return {
        suffix: 'workflow',
        body: {
          action: 'reject',
          version,
          reject_reason: values.reject_reason,
          ...(description ? { reject_other_description: description } : {}),
        },
        done: 'Bill rejected.',
      };
    }
    case 'revise':
      return {
        suffix: 'workflow',
        body: { action: 'revise', version, reason: values.reason?.trim() },
        done: 'Changes requested.',
      };
    case 'reverse':
      return {
        suffix: 'workflow/reverse-payment',
        body: { reason: values.reason?.trim(), version },
        done: 'Payment reversed.',
      };
    case 'payment':
      return {
        suffix: 'workflow/record-payment',
        body: {
          payment_date: values.payment_date,
          paid_from_account: values.paid_from_account,
          reference: values.reference ?? null,
          version,
        },
        done: 'Payment recorded.',
      };
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
      await api.post<unknown>(billApiPath(clientGuid, bill.guid, request.suffix), request.body, {
        headers: { 'Idempotency-Key': attempt.current.key },
      });
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
