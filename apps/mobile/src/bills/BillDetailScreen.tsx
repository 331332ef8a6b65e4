import { type Bill, billsRoutes } from '@bp/contracts';
import { BILL_STATUS_LABELS, formatDate, formatMoney } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RefreshControl, ScrollView, StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Heading, Loading } from '../ui/controls.tsx';
import { Screen } from '../ui/Screen.tsx';
import { colors } from '../ui/theme.ts';
import { Attachments } from './Attachments.tsx';
import { BillActions } from './BillActions.tsx';
import { BillHistory } from './BillHistory.tsx';
import { BillMessages } from './BillMessages.tsx';
import { useClients } from './client-selection.ts';

/** One bill: what it is, what the person may do, its lines, files, messages and history. */
export function BillDetailScreen({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { session, nav, notify, claims } = useApp();
  const isClientUser = claims?.type === 'client';
  const clients = useClients({ enabled: isClientUser });
  const role = isClientUser ? (clients.data?.results.find((c) => c.guid === clientGuid)?.role ?? null) : null;
  const bill = useQuery({
    queryKey: ['bill', clientGuid, billGuid],
    queryFn: () => session.api.call(billsRoutes.getBillingClientBill, { params: { clientGuid, billGuid } }),
  });

  if (bill.isPending || (isClientUser && clients.isPending)) {
    return (
      <Screen title="Bill">
        <Loading label="Loading the bill" />
      </Screen>
    );
  }
  if (bill.isError) {
    return (
      <Screen title="Bill">
        <View style={detail.section}>
          <ErrorText>{messageOf(bill.error)}</ErrorText>
          <Button label="Try again" variant="secondary" onPress={() => void bill.refetch()} />
        </View>
      </Screen>
    );
  }
  const b = bill.data;
  return (
    <Screen title={b.vendor.name}>
      <ScrollView
        refreshControl={
          <RefreshControl refreshing={bill.isRefetching} onRefresh={() => void bill.refetch()} />
        }
      >
        <Summary bill={b} />
        <BillActions
          bill={b}
          clientGuid={clientGuid}
          role={role}
          onDone={(message) => {
            notify(message);
            nav.back();
          }}
        />
        <Section title="Lines">
          {b.lines.length === 0 ? <Text style={detail.muted}>No lines.</Text> : null}
          {b.lines.map((line) => (
            <View
              key={line.guid}
              style={detail.line}
              accessible
              role="group"
              aria-label={`${line.account.display_2_levels}, ${line.memo}, ${formatMoney(line.amount)}`}
            >
              <View style={detail.grow}>
                <Text style={detail.text}>{line.account.display_2_levels}</Text>
                {line.memo ? <Text style={detail.muted}>{line.memo}</Text> : null}
              </View>
              <Text style={detail.value}>{formatMoney(line.amount)}</Text>
            </View>
          ))}
        </Section>
        <Section title="Attachments">
          <Attachments clientGuid={clientGuid} billGuid={billGuid} />
        </Section>
        <Section title={b.unread_messages > 0 ? `Messages (${b.unread_messages} new)` : 'Messages'}>
          <BillMessages clientGuid={clientGuid} billGuid={billGuid} canWrite={role !== 'observer'} />
        </Section>
        <Section title="History">
          <BillHistory clientGuid={clientGuid} billGuid={billGuid} />
        </Section>
      </ScrollView>
    </Screen>
  );
}

function Summary({ bill }: { bill: Bill }) {
  const current = bill.plan.find((step) => step.current);
  return (
    <View style={detail.section}>
      <Text style={detail.amount}>{formatMoney(bill.amount)}</Text>
      <Fact label="Status" value={BILL_STATUS_LABELS[bill.status]} />
      {current ? <Fact label="Waiting on" value={current.who} /> : null}
      <Fact label="Due" value={formatDate(bill.due_date)} />
      <Fact label="Client" value={bill.client.name} />
      <Fact label="Entity" value={bill.entity.nickname} />
      {bill.invoice_number ? <Fact label="Invoice" value={bill.invoice_number} /> : null}
      {bill.invoice_date ? <Fact label="Invoice date" value={formatDate(bill.invoice_date)} /> : null}
      {bill.reject_reason ? (
        <Fact label="Rejected because" value={bill.reject_other_description ?? bill.reject_reason} />
      ) : null}
      {bill.revise_reason ? <Fact label="Changes asked" value={bill.revise_reason} /> : null}
    </View>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={detail.fact} accessible role="group" aria-label={`${label}: ${value}`}>
      <Text style={detail.muted}>{label}</Text>
      <Text style={detail.value}>{value}</Text>
    </View>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={detail.section}>
      <Heading level={2}>{title}</Heading>
      {children}
    </View>
  );
}

export const detail = StyleSheet.create({
  section: {
    gap: 8,
    padding: 16,
    marginTop: 8,
    backgroundColor: colors.surface,
  },
  amount: { fontSize: 28, fontWeight: '700', color: colors.text },
  fact: { flexDirection: 'row', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' },
  line: {
    flexDirection: 'row',
    gap: 12,
    paddingVertical: 8,
    borderBottomWidth: StyleSheet.hairlineWidth,
    borderBottomColor: colors.border,
  },
  grow: { flex: 1 },
  muted: { fontSize: 14, color: colors.muted },
  value: { fontSize: 15, color: colors.text, flexShrink: 1, textAlign: 'right' },
  text: { fontSize: 15, color: colors.text },
});
