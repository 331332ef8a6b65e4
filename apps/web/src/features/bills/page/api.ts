import { ApiError } from '@bp/api-client';
import type { Bill } from '@bp/contracts';
import { billingQueueOfStatus, billingQueuePath } from '@bp/domain';
import { billQueryKey } from '../shared/bill-api.ts';

/**
 * Query keys of what hangs off one bill: under shared/bill-api.ts `billQueryKey`, so invalidating the
 * bill refreshes them all, and the form's and lists' invalidations (everything under ['bills']) too.
 */
export const billPartKey = (
  clientGuid: string,
  billGuid: string,
  part: 'events' | 'notes' | 'attachments' | 'messages' | 'tasks',
) => [...billQueryKey(clientGuid, billGuid), part] as const;

/** Who is looking: staff see notes, tasks and staff-only actions; client users do not. */
export type BillAudience = 'staff' | 'client';

/** Where to go when the bill is gone (deleted, or not found): its queue for staff, the bill list for clients. */
export function backPath(audience: BillAudience, bill?: Pick<Bill, 'status'>): string {
  if (audience === 'client') return '/bills';
  const queue = bill ? billingQueueOfStatus(bill.status) : null;
  return queue ? billingQueuePath(queue) : '/billing';
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

export const CONFLICT_MESSAGE = 'This bill was changed by someone else.';

export { personName } from '../../shared/format.ts';
