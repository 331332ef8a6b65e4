import { type BillQueueItem, billsRoutes, organizationsRoutes } from '@bp/contracts';
import { BILLING_QUEUE_LABELS, BILLING_QUEUE_VALUES, type BillingQueue } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FlatList, RefreshControl, StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { MOBILE_KEYS } from '../session/keys.ts';
import { messageOf } from '../session/session-store.ts';
import { Badge, Button, ErrorText, Loading, Muted } from '../ui/controls.tsx';
import { Screen } from '../ui/Screen.tsx';
import { colors } from '../ui/theme.ts';
import { BillRow } from './BillRow.tsx';
import { home } from './ClientHomeScreen.tsx';
import { ClientPicker } from './ClientPicker.tsx';

/** The queues where a staff member's approval is asked for (the client's own steps are the client's). */
export const STAFF_APPROVAL_QUEUES: readonly BillingQueue[] = [
  'org-approval',
  'verbal-approval',
  'poa-approval',
];
/** Bills read per approval queue to find the ones waiting on this person. */
const PER_QUEUE = 100;
/** Queues whose bills wait on somebody (paid and rejected are done). */
const OPEN_QUEUES = BILLING_QUEUE_VALUES.filter((q) => q !== 'paid' && q !== 'rejected');

/** A staff member's home: the organisation's queue counts and the bills waiting on them. */
export function StaffHomeScreen() {
  const { session } = useApp();
  const organizations = useQuery({
    queryKey: ['organizations'],
    queryFn: () =>
      session.api.call(organizationsRoutes.getAccountsOrganizations, { query: { page_size: 100 } }),
  });
  const [chosen, setChosen] = useState(() => session.storage.getItem(MOBILE_KEYS.organizationGuid));
  const choose = useCallback(
    (guid: string) => {
      session.storage.setItem(MOBILE_KEYS.organizationGuid, guid);
      setChosen(guid);
    },
    [session],
  );
  const list = organizations.data?.results;
  const selected = list?.find((o) => o.guid === chosen) ?? (list?.length === 1 ? list[0] : undefined);

  if (organizations.isPending) {
    return (
      <Screen title="BillPay">
        <Loading label="Loading your organisation" />
      </Screen>
    );
  }
  if (organizations.isError || !list || list.length === 0) {
    return (
      <Screen title="BillPay">
        <View style={home.pad}>
          <ErrorText>
            {organizations.isError ? messageOf(organizations.error) : 'Your account has no organisation.'}
          </ErrorText>
          <Button label="Try again" variant="secondary" onPress={() => void organizations.refetch()} />
        </View>
      </Screen>
    );
  }
  if (!selected) {
    return (
      <Screen title="Choose an organisation">
        <ClientPicker clients={list} onChoose={choose} />
      </Screen>
    );
  }
  return <StaffQueues organizationGuid={selected.guid} name={selected.name} />;
}

function StaffQueues({ organizationGuid, name }: { organizationGuid: string; name: string }) {
  const { session, nav } = useApp();
  const counts = useQuery({
    queryKey: ['org-bills', organizationGuid, 'counts'],
    queryFn: () =>
      session.api.call(billsRoutes.getBillingOrganizationBillsQueueCounts, { params: { organizationGuid } }),
  });
  // Each queue item says what the caller may do with it: the ones they may approve are waiting on them.
  const waiting = useQuery({
    queryKey: ['org-bills', organizationGuid, 'waiting-on-me'],
    queryFn: async () => {
      const pages = await Promise.all(
        STAFF_APPROVAL_QUEUES.map((queue) =>
          session.api.call(billsRoutes.getBillingOrganizationBills, {
            params: { organizationGuid },
            query: { queue, ordering: 'due_date', page_size: PER_QUEUE },
          }),
        ),
      );
      return pages
        .flatMap((page) => page.results)
        .filter((bill: BillQueueItem) => bill.can.approve)
        .sort((a, b) => a.due_date.localeCompare(b.due_date));
    },
  });
  const refresh = () => {
    void counts.refetch();
    void waiting.refetch();
  };
  const mine = waiting.data?.length ?? 0;

  return (
    <Screen title={name}>
      <FlatList
        data={waiting.data ?? []}
        keyExtractor={(bill) => bill.guid}
        refreshControl={
          <RefreshControl refreshing={counts.isRefetching || waiting.isRefetching} onRefresh={refresh} />
        }
        ListHeaderComponent={
          <View>
            <View style={home.header}>
              <Text style={home.h2} role="heading" aria-level={2}>
                Queues
              </Text>
              {counts.isError ? <ErrorText>{messageOf(counts.error)}</ErrorText> : null}
              <View style={staff.queues}>
                {OPEN_QUEUES.map((queue) => (
                  <View
                    key={queue}
                    style={staff.queue}
                    aria-label={`${BILLING_QUEUE_LABELS[queue]}: ${counts.data?.[queue] ?? 'loading'}`}
                    accessible
                    role="group"
                  >
                    <Text style={staff.count}>{counts.data ? String(counts.data[queue]) : '…'}</Text>
                    <Text style={staff.queueName}>{BILLING_QUEUE_LABELS[queue]}</Text>
                  </View>
                ))}
              </View>
            </View>
            <View style={[home.header, home.row]}>
              <Text style={home.h2} role="heading" aria-level={2}>
                Waiting on you
              </Text>
              {waiting.data ? (
                <Badge count={mine} label={`${mine} ${mine === 1 ? 'bill' : 'bills'} waiting on you`} />
              ) : null}
            </View>
            {waiting.isPending ? <Loading label="Loading bills" /> : null}
            {waiting.isError ? (
              <View style={home.pad}>
                <ErrorText>{messageOf(waiting.error)}</ErrorText>
              </View>
            ) : null}
          </View>
        }
        renderItem={({ item }) => (
          <BillRow
            bill={item}
            showClient
            onOpen={() => nav.push({ name: 'bill', clientGuid: item.client.guid, billGuid: item.guid })}
          />
        )}
        ListEmptyComponent={
          waiting.data ? (
            <View style={home.pad}>
              <Muted>No bill is waiting on your approval. Pull down to check again.</Muted>
            </View>
          ) : null
        }
      />
    </Screen>
  );
}

const staff = StyleSheet.create({
  queues: { flexDirection: 'row', flexWrap: 'wrap', gap: 8, marginTop: 8 },
  queue: {
    minWidth: 100,
    flexGrow: 1,
    padding: 12,
    borderRadius: 8,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.background,
  },
  count: { fontSize: 20, fontWeight: '700', color: colors.primary },
  queueName: { fontSize: 14, color: colors.muted },
});
