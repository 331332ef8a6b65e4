/**
 * The staff dashboards' workflow figures (issue 14, decision 026): /manager-dashboard and
 * /associate-dashboard. One read per section, each an aggregate of the list it links to with that
 * list's own filters, so a figure and its list always agree. Base:
 * /v1/reports/organizations/{organizationGuid}/dashboard.
 */
import { BILLING_QUEUE_VALUES, RECONCILIATION_STEP_VALUES } from '@bp/domain';
import { z } from 'zod';
import { guid } from './common.ts';
import { personRef } from './person-ref.ts';

/** Whose figures: a staff user guid (the associate dashboard sends the signed-in user's), or everyone's. */
export const dashboardQuery = z.object({ assignee: guid.optional() }).strict();
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** Open tasks per assignee: the task list with open=true, assignment=assigned and each due filter. */
export const dashboardTaskFigures = z.object({
  today: z.string(),
  people: z.array(
    z.object({
      person: personRef,
      /** open=true */
      open: z.number().int(),
      /** due=overdue: due before today */
      overdue: z.number().int(),
      /** due=today */
      due_today: z.number().int(),
      /** due=week: due within 7 days, overdue included */
      due_week: z.number().int(),
    }),
  ),
});
export type DashboardTaskFigures = z.infer<typeof dashboardTaskFigures>;

/** The month's reconciliations (period ending in it) per client and step: the queue with period=month. */
export const dashboardReconciliationQuery = dashboardQuery.extend({
  /** YYYY-MM; last month (the month being closed) when missing. */
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .optional(),
});
export type DashboardReconciliationQuery = z.input<typeof dashboardReconciliationQuery>;
export const dashboardReconciliationFigures = z.object({
  period: z.string(),
  clients: z.array(
    z.object({
      client: z.object({ guid, name: z.string() }),
      total: z.number().int(),
      /** Steps with none are left out. */
      by_step: z.partialRecord(z.enum(RECONCILIATION_STEP_VALUES), z.number().int()),
    }),
  ),
});
export type DashboardReconciliationFigures = z.infer<typeof dashboardReconciliationFigures>;

/** Report reminder tasks still open and due within 7 days (overdue included): type=report_reminder&open=true&due=week. */
export const dashboardReportFigures = z.object({
  today: z.string(),
  total: z.number().int(),
  overdue: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type DashboardReportFigures = z.infer<typeof dashboardReportFigures>;

/** Age buckets of a waiting bill, in whole days since it was created. */
export const BILL_AGE_BUCKETS = [
  { key: 'days_0_7', label: '0–7 days', from: 0, to: 7 },
  { key: 'days_8_30', label: '8–30 days', from: 8, to: 30 },
  { key: 'days_31_60', label: '31–60 days', from: 31, to: 60 },
  { key: 'days_61_plus', label: 'Over 60 days', from: 61, to: null },
] as const;
export type BillAgeBucket = (typeof BILL_AGE_BUCKETS)[number]['key'];

/** Queues where bills wait on someone (Paid and Rejected are done). */
export const WAITING_QUEUES = BILLING_QUEUE_VALUES.filter((q) => q !== 'paid' && q !== 'rejected');

/** Bills waiting per billing queue (the queue's status), with their amount and ages. */
export const dashboardBillFigures = z.object({
  today: z.string(),
  queues: z.array(
    z.object({
      queue: z.enum(BILLING_QUEUE_VALUES),
      count: z.number().int(),
      /** Cents. */
      amount: z.number().int(),
      ages: z.object({
        days_0_7: z.number().int(),
        days_8_30: z.number().int(),
        days_31_60: z.number().int(),
        days_61_plus: z.number().int(),
      }),
    }),
  ),
});
export type DashboardBillFigures = z.infer<typeof dashboardBillFigures>;
