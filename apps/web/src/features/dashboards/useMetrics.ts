import type { ByPaidDate, SummaryMetrics } from '@bp/contracts';
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

/** GET {base}/summary-metrics, `base` being the organisation's or a client's billing path. */
export function useSummaryMetrics(path: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...BILLS_KEY, 'summary-metrics', path],
    queryFn: ({ signal }) => api.get<SummaryMetrics>(path, { signal }),
  });
}

/** GET {base}/by-paid-date for the last 30 days. */
export function usePaidByDate(path: string) {
  const { api } = useSession();
  const range = lastDays(PAID_BY_DATE_DAYS);
  return useQuery({
    queryKey: [...BILLS_KEY, 'by-paid-date', path, range],
    queryFn: ({ signal }) => api.get<ByPaidDate>(path, { query: range, signal }),
  });
}
