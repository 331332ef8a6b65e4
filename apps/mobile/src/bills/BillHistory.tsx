import { billsRoutes } from '@bp/contracts';
import { BILL_EVENT_LABELS, formatRelativeTime } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import { Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { ErrorText, Loading } from '../ui/controls.tsx';
import { detail } from './BillDetailScreen.tsx';

/** The bill's events, newest first as the API lists them. */
export function BillHistory({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { session } = useApp();
  const events = useQuery({
    queryKey: ['bill', clientGuid, billGuid, 'events'],
    queryFn: () =>
      session.api.call(billsRoutes.getBillingClientBillEvents, {
        params: { clientGuid, billGuid },
        query: { page_size: 50 },
      }),
  });
  if (events.isPending) return <Loading label="Loading history" />;
  if (events.isError) return <ErrorText>{messageOf(events.error)}</ErrorText>;
  if (events.data.results.length === 0) return <Text style={detail.muted}>Nothing yet.</Text>;
  return (
    <View>
      {events.data.results.map((event) => (
        <View key={event.guid} style={detail.line}>
          <View style={detail.grow}>
            <Text style={detail.text}>{BILL_EVENT_LABELS[event.kind]}</Text>
            <Text style={detail.muted}>
              {[
                event.user ? `${event.user.first_name} ${event.user.last_name}` : null,
                formatRelativeTime(event.created_on, Date.now()),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </View>
        </View>
      ))}
    </View>
  );
}
