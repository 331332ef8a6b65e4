/** The eight billing queues under /billing and the bill status each one shows (SPEC §2, §4). */
import type { BillStatus } from './bills.ts';
import type { LabelMap } from './define.ts';

/** Route slugs of the queues, in navigation order (SPEC §2). */
export const BILLING_QUEUE_VALUES = [
  'pre-bill-inbox',
  'client-approval',
  'verbal-approval',
  'payment-pending',
  'org-approval',
  'poa-approval',
  'paid',
  'rejected',
] as const;
export type BillingQueue = (typeof BILLING_QUEUE_VALUES)[number];

export const BILLING_QUEUE_LABELS: LabelMap<BillingQueue> = {
  'pre-bill-inbox': 'Pre-Bill Inbox',
  'client-approval': 'Client Approval',
  'verbal-approval': 'Verbal Approval',
  'payment-pending': 'Payment Pending',
  'org-approval': 'Org Approval',
  'poa-approval': 'POA Approval',
  paid: 'Paid',
  rejected: 'Rejected',
};

/** The bill status each queue lists. */
export const BILLING_QUEUE_STATUS: Readonly<Record<BillingQueue, BillStatus>> = {
  'pre-bill-inbox': 'pre_bill',
  'client-approval': 'client_approval',
  'verbal-approval': 'verbal_approval',
  'payment-pending': 'payment_pending',
  'org-approval': 'org_approval',
  'poa-approval': 'poa_approval',
  paid: 'paid',
  rejected: 'rejected',
};

/** Route prefix of the queues. */
export const BILLING_ROUTE = '/billing';

/** `/billing/<slug>` */
export function billingQueuePath(queue: BillingQueue): string {
  return `${BILLING_ROUTE}/${queue}`;
}

/** The queue listing bills of `status`, or `null` for statuses no queue shows (e.g. `ofac_approval`). */
export function billingQueueOfStatus(status: BillStatus): BillingQueue | null {
  for (const queue of BILLING_QUEUE_VALUES) {
    if (BILLING_QUEUE_STATUS[queue] === status) return queue;
  }
  return null;
}
