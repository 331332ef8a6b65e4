import { type Bill, billWorkflowRoutes, REJECT_REASON_LABELS, REJECT_REASON_VALUES } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Field, Heading, Muted } from '../ui/controls.tsx';
import { colors } from '../ui/theme.ts';

type RejectReason = (typeof REJECT_REASON_VALUES)[number];
type Mode = { kind: 'idle' } | { kind: 'approve' } | { kind: 'reject' } | { kind: 'revise' };

/** Statuses in which nothing waits on an approver. */
const SETTLED = new Set<Bill['status']>([
  'paid',
  'rejected',
  'changes_required',
  'pre_bill',
  'payment_pending',
]);

/** A fresh key per attempt: a retried request (a flaky network) is replayed by the API, not repeated. */
const idempotencyKey = () => `mobile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Approve, reject (with a reason) and revise (with a reason), as far as the API says the person may
 * (`bill.can`). A disabled Approve says why (`approve_refusal`, e.g. a designee over its limit);
 * observers see no actions; offline, nothing is sent and the buttons say so.
 */
export function BillActions({
  bill,
  clientGuid,
  role,
  onDone,
}: {
  bill: Bill;
  clientGuid: string;
  /** The person's role on the client (client users), null for staff. */
  role: string | null;
  onDone: (message: string) => void;
}) {
  const { session, online } = useApp();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [reason, setReason] = useState<RejectReason | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const act = useMutation({
    mutationFn: (body: Parameters<typeof send>[0]) => send(body),
    onSuccess: async (updated, body) => {
      await queryClient.invalidateQueries({ queryKey: ['client-bills'] });
      await queryClient.invalidateQueries({ queryKey: ['org-bills'] });
      queryClient.setQueryData(['bill', clientGuid, bill.guid], updated);
      const done = { approve: 'Approved', reject: 'Rejected', revise: 'Sent back for changes' }[body.action];
      onDone(`${done}: ${bill.vendor.name}, ${formatMoney(bill.amount)}.`);
    },
  });
  function send(body: {
    action: 'approve' | 'reject' | 'revise';
    reject_reason?: RejectReason;
    reject_other_description?: string;
    reason?: string;
  }) {
    return session.api.call(billWorkflowRoutes.postBillingClientBillWorkflow, {
      params: { clientGuid, billGuid: bill.guid },
      headers: { 'idempotency-key': idempotencyKey() },
      body: { ...body, version: bill.version },
    });
  }

  if (role === 'observer') {
    return <Muted>You are an observer on this client: you can view this bill but not act on it.</Muted>;
  }
  const waitingOnSomeone = !SETTLED.has(bill.status);
  const showApprove = bill.can.approve || (waitingOnSomeone && !!bill.approve_refusal);
  if (!showApprove && !bill.can.reject && !bill.can.revise) return null;

  const offlineHint = online ? undefined : 'You are offline. Approvals are sent only with a connection.';
  const approveHint = !bill.can.approve ? (bill.approve_refusal ?? undefined) : offlineHint;
  const busy = act.isPending;

  const reset = () => {
    setMode({ kind: 'idle' });
    setReason(null);
    setText('');
    setFieldError(null);
    act.reset();
  };
  const confirmReject = () => {
    if (!reason) return setFieldError('Choose why the bill is rejected.');
    if (reason === 'other' && !text.trim()) return setFieldError('Describe why the bill is rejected.');
    setFieldError(null);
    act.mutate({
      action: 'reject',
      reject_reason: reason,
      ...(reason === 'other' ? { reject_other_description: text.trim() } : {}),
    });
  };
  const confirmRevise = () => {
    if (!text.trim()) return setFieldError('Say what should change.');
    setFieldError(null);
    act.mutate({ action: 'revise', reason: text.trim() });
  };

  return (
    <View style={panel.box}>
      {mode.kind === 'idle' ? (
        <>
          {showApprove ? (
            <Button
              label="Approve"
              onPress={() => setMode({ kind: 'approve' })}
              disabled={!bill.can.approve || !online}
              hint={approveHint}
            />
          ) : null}
          {!bill.can.approve && bill.approve_refusal ? (
            <Text style={panel.why}>{bill.approve_refusal}</Text>
          ) : null}
          {bill.can.reject ? (
            <Button
              label="Reject"
              variant="secondary"
              onPress={() => setMode({ kind: 'reject' })}
              disabled={!online}
              hint={offlineHint}
            />
          ) : null}
          {bill.can.revise ? (
            <Button
              label="Ask for changes"
              variant="secondary"
              onPress={() => setMode({ kind: 'revise' })}
              disabled={!online}
              hint={offlineHint}
            />
          ) : null}
          {online ? null : <Text style={panel.why}>{offlineHint}</Text>}
        </>
      ) : null}

      {mode.kind === 'approve' ? (
        <>
          <Heading level={2}>{`Approve ${formatMoney(bill.amount)} to ${bill.vendor.name}?`}</Heading>
          <Button
            label="Confirm approval"
            onPress={() => act.mutate({ action: 'approve' })}
            busy={busy}
            disabled={!online}
            hint={offlineHint}
          />
          <Button label="Cancel" variant="link" onPress={reset} disabled={busy} />
        </>
      ) : null}

      {mode.kind === 'reject' ? (
        <>
          <Heading level={2}>Why is this bill rejected?</Heading>
          <View role="radiogroup" aria-label="Reason" style={panel.choices}>
            {REJECT_REASON_VALUES.map((value) => (
              <Button
                key={value}
                label={REJECT_REASON_LABELS[value]}
                variant={reason === value ? 'primary' : 'secondary'}
                onPress={() => setReason(value)}
              />
            ))}
          </View>
          {reason === 'other' ? (
            <Field
              label="Describe the reason"
              value={text}
              onChangeText={setText}
              multiline
              maxLength={500}
            />
          ) : null}
          <ErrorText>{fieldError}</ErrorText>
          <Button
            label="Reject bill"
            variant="danger"
            onPress={confirmReject}
            busy={busy}
            disabled={!online}
            hint={offlineHint}
          />
          <Button label="Cancel" variant="link" onPress={reset} disabled={busy} />
        </>
      ) : null}

      {mode.kind === 'revise' ? (
        <>
          <Heading level={2}>What should change?</Heading>
          <Field label="Reason for changes" value={text} onChangeText={setText} multiline maxLength={1000} />
          <ErrorText>{fieldError}</ErrorText>
          <Button
            label="Send back for changes"
            onPress={confirmRevise}
            busy={busy}
            disabled={!online}
            hint={offlineHint}
          />
          <Button label="Cancel" variant="link" onPress={reset} disabled={busy} />
        </>
      ) : null}

      {act.isError ? <ErrorText>{`Not sent: ${messageOf(act.error)}`}</ErrorText> : null}
    </View>
  );
}

const panel = StyleSheet.create({
  box: { gap: 10, padding: 16, backgroundColor: colors.surface },
  why: { color: colors.warning, fontSize: 14 },
  choices: { gap: 8 },
});
