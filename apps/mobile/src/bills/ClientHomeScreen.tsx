import { billSearchRoutes, billsRoutes, type ClientSummary } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { FlatList, RefreshControl, StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Badge, Button, ErrorText, Loading, Muted } from '../ui/controls.tsx';
import { Screen } from '../ui/Screen.tsx';
import { colors } from '../ui/theme.ts';
import { BillRow } from './BillRow.tsx';
import { ClientPicker } from './ClientPicker.tsx';
import { clientListProblem, useClients, useSelectedClient } from './client-selection.ts';

/** A client user's home: the selected client and the bills waiting on its approvers. */
export function ClientHomeScreen() {
  const clients = useClients();
  const list = clients.data?.results;
  const { selected, choose } = useSelectedClient(list);

  if (clients.isPending) {
    return (
      <Screen title="BillPay">
        <Loading label="Loading your clients" />
      </Screen>
    );
  }
  if (clients.isError) {
    return (
      <Screen title="BillPay">
        <View style={home.pad}>
          <ErrorText>{clientListProblem(clients.error)}</ErrorText>
          <Button label="Try again" variant="secondary" onPress={() => void clients.refetch()} />
        </View>
      </Screen>
    );
  }
  if (!list || list.length === 0) {
    return (
      <Screen title="BillPay">
        <View style={home.pad}>
          <Muted>Your account is not linked to a client yet. Ask your bill-pay team to add you.</Muted>
        </View>
      </Screen>
    );
  }
  if (!selected) {
    return (
      <Screen title="Choose a client">
        <ClientPicker clients={list} onChoose={choose} />
      </Screen>
    );
  }
  return <WaitingBills client={selected} canSwitch={list.length > 1} />;
}

function WaitingBills({ client, canSwitch }: { client: ClientSummary; canSwitch: boolean }) {
  const { session, nav } = useApp();
  const bills = useQuery({
    queryKey: ['client-bills', client.guid, 'waiting'],
    queryFn: () =>
      session.api.call(billsRoutes.getBillingClientBills, {
        params: { clientGuid: client.guid },
        query: { client_list: 'client-pre-bill', ordering: 'due_date', page_size: 50 },
      }),
  });
  // For a client user, summary-metrics counts the bills waiting on *them* (designee limits included).
  const metrics = useQuery({
    queryKey: ['client-bills', client.guid, 'metrics'],
    queryFn: () =>
      session.api.call(billSearchRoutes.getBillingClientSummaryMetrics, {
        params: { clientGuid: client.guid },
      }),
  });
  const mine = metrics.data?.awaiting_approval.count ?? 0;
  const refreshing = bills.isRefetching || metrics.isRefetching;
  const refresh = () => {
    void bills.refetch();
    void metrics.refetch();
  };

  return (
    <Screen title={client.name}>
      <View style={home.header}>
        <View style={home.row}>
          <Text style={home.h2} role="heading" aria-level={2}>
            Waiting for your approval
          </Text>
          {metrics.data ? (
            <Badge
              count={mine}
              label={`${mine} ${mine === 1 ? 'bill' : 'bills'} waiting for your approval`}
            />
          ) : null}
        </View>
        {canSwitch ? (
          <Button label="Switch client" variant="link" onPress={() => nav.push({ name: 'clients' })} />
        ) : null}
        {client.role === 'observer' ? (
          <Muted>You are an observer: you can view bills but not act on them.</Muted>
        ) : null}
      </View>
      {bills.isPending ? (
        <Loading label="Loading bills" />
      ) : bills.isError ? (
        <View style={home.pad}>
          <ErrorText>{messageOf(bills.error)}</ErrorText>
          <Button label="Try again" variant="secondary" onPress={refresh} />
        </View>
      ) : (
        <FlatList
          data={bills.data.results}
          keyExtractor={(bill) => bill.guid}
          renderItem={({ item }) => (
            <BillRow
              bill={item}
              onOpen={() => nav.push({ name: 'bill', clientGuid: client.guid, billGuid: item.guid })}
            />
          )}
          refreshControl={<RefreshControl refreshing={refreshing} onRefresh={refresh} />}
          ListEmptyComponent={
            <View style={home.pad}>
              <Muted>Nothing is waiting for approval. Pull down to check again.</Muted>
            </View>
          }
          ListFooterComponent={
            bills.data.count > bills.data.results.length ? (
              <View style={home.pad}>
                <Muted>{`Showing the ${bills.data.results.length} due soonest of ${bills.data.count}.`}</Muted>
              </View>
            ) : null
          }
        />
      )}
    </Screen>
  );
}

export const home = StyleSheet.create({
  pad: { padding: 16, gap: 12 },
  header: { padding: 16, gap: 4, backgroundColor: colors.surface },
  row: { flexDirection: 'row', alignItems: 'center', gap: 8, flexWrap: 'wrap' },
  h2: { fontSize: 18, fontWeight: '600', color: colors.text },
});
