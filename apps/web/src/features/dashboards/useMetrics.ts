import { billSearchRoutes } from '@bp/contracts';
import { addDays, calendarDateOf, toIsoDate } from '@bp/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.ts';
import { BILLS_KEY } from '../bills/shared/index.ts';

/** Days the "Paid by date" section covers, today included. */
export const PAID_BY_DATE_DAYS = 30;

/** The last `days` days up to today (local calendar), as the API's date_from/date_to. */
export function lastDays(days: number, now: Date = new Date()): { date_from: string; date_to: string } {
  const today = calendarDateOf(now);
  return { date_from: toIsoDate(addDays(today, -(days - 1))), date_to: toIsoDate(today) };
}

/** Whose figures: the organisation's (across its clients) or one client's. */
export type MetricsSource = { organizationGuid: string } | { clientGuid: string };

/** GET {base}/summary-metrics, `base` being the organisation's or a client's billing path. */
export function useSummaryMetrics(source: MetricsSource) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BILLS_KEY, 'summary-metrics', source],
    queryFn: ({ signal }) =>
      'clientGuid' in source
        ? api.call(billSearchRoutes.getBillingClientSummaryMetrics, { params: source, signal })
        : api.call(billSearchRoutes.getBillingOrganizationSummaryMetrics, { params: source, signal }),
  });
}

/** GET {organisation base}/by-paid-date for the last 30 days. */
export function usePaidByDate(organizationGuid: string) {
  const { api } = useSession();
  const range = lastDays(PAID_BY_DATE_DAYS);
  return useQuery({
    queryKey: [...BILLS_KEY, 'by-paid-date', organizationGuid, range],
    queryFn: ({ signal }) =>
      api.call(billSearchRoutes.getBillingOrganizationByPaidDate, {
        params: { organizationGuid },
        query: range,
        signal,
      }),
  });
}
